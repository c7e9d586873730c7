import { Star } from "lucide-react";
import type { Book } from "#server/books/book.ts";
import { formatDollars } from "#app/lib/money.ts";

const BADGE_COLORS: Record<string, string> = {
  Bestseller: "bg-red-700 text-white",
  "New Release": "bg-green-700 text-white",
};

export function BookCard({ book }: { book: Book }) {
  const stars = Math.floor(book.rating ?? 0);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      <div className="relative aspect-[3/4] bg-brand-100">
        {book.imageUrl ? (
          <img
            src={book.imageUrl}
            alt={`Cover of ${book.title}`}
            width={600}
            height={800}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
        {book.badge ? (
          <span
            className={`absolute left-3 top-3 rounded-full px-3 py-1 text-xs font-semibold ${
              BADGE_COLORS[book.badge] ?? "bg-blue-700 text-white"
            }`}
          >
            {book.badge}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex items-center gap-1 text-sm text-gray-700">
          <span className="sr-only">{`Rated ${stars} out of 5`}</span>
          <span aria-hidden="true" className="flex">
            {Array.from({ length: 5 }, (_, i) => (
              <Star
                key={i}
                className={`size-4 ${i < stars ? "fill-amber-500 text-amber-500" : "text-gray-300"}`}
              />
            ))}
          </span>
          <span>({book.reviews ?? 0})</span>
        </p>
        <h3 className="font-serif text-lg font-bold leading-snug">{book.title}</h3>
        <p className="text-sm text-gray-700">by {book.author}</p>
        <p className="text-sm text-gray-700">{book.description}</p>
        <p className="mt-auto flex items-baseline gap-2 pt-2">
          <span className="text-xl font-bold text-brand-800">{formatDollars(book.priceCents)}</span>
          {book.originalPriceCents !== null ? (
            <s className="text-sm text-gray-600">{formatDollars(book.originalPriceCents)}</s>
          ) : null}
          {book.ageRange ? <span className="ml-auto text-xs text-gray-700">Ages {book.ageRange}</span> : null}
        </p>
      </div>
    </article>
  );
}
