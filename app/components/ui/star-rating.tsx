import type { CSSProperties } from "react";

/**
 * Five stars, the first `Math.floor(rating)` filled, with a text equivalent for screen readers.
 * Drawn by the stylesheet (`.star-rating` in app.css), one element per rating: as five inline
 * SVG icons each, the ratings were 42 kB of a catalogue page's 100 kB of HTML and a fifth of its
 * elements, all parsed, styled and laid out before the first paint (issue 14).
 */
export function StarRating({ rating, size = "sm" }: { rating: number; size?: "sm" | "lg" }) {
  const filled = Math.max(0, Math.min(5, Math.floor(rating)));
  return (
    <span
      role="img"
      aria-label={`Rated ${filled} out of 5`}
      className={size === "lg" ? "star-rating star-rating-lg" : "star-rating"}
      style={{ "--stars-filled": filled } as CSSProperties}
    />
  );
}
