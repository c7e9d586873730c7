import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StarRating } from "./star-rating.tsx";

describe("the star rating", () => {
  it("fills the floor of the rating, kept within 0 to 5, and says it in words", () => {
    const render = (rating: number) => renderToStaticMarkup(<StarRating rating={rating} />);
    expect(render(4.9)).toBe(
      `<span role="img" aria-label="Rated 4 out of 5" class="star-rating" style="--stars-filled:4"></span>`,
    );
    expect(render(5)).toContain(`aria-label="Rated 5 out of 5"`);
    expect(render(7)).toContain("--stars-filled:5");
    expect(render(-1)).toContain(`aria-label="Rated 0 out of 5"`);
    expect(render(0.5)).toContain("--stars-filled:0");
  });

  it("draws larger stars on a book's own page", () => {
    expect(renderToStaticMarkup(<StarRating rating={3} size="lg" />)).toContain(`class="star-rating star-rating-lg"`);
  });
});
