import { Star } from "lucide-react";

/** Five stars, the first `Math.floor(rating)` filled, with a text equivalent for screen readers. */
export function StarRating({ rating, className = "size-4" }: { rating: number; className?: string }) {
  const filled = Math.max(0, Math.min(5, Math.floor(rating)));
  return (
    <span role="img" aria-label={`Rated ${filled} out of 5`} className="inline-flex">
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={`${className} ${i < filled ? "fill-amber-500 text-amber-600" : "text-gray-400"}`}
        />
      ))}
    </span>
  );
}
