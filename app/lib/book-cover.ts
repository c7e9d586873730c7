import { coverSrcSet, smallestCoverCopy } from "#common/books/cover-limits.ts";

/** The picture shown for a book (or a cart line) without a cover of its own. */
export const DEFAULT_COVER = "/default-cover.svg";

/**
 * `src`, `srcSet` and `sizes` of a book's cover <img>: a stored cover is offered with its smaller
 * copies (decision 18), so the browser fetches the one `sizes` (the image's width on the page)
 * calls for at its pixel density. Other pictures (the default one) are a plain `src`.
 */
export function coverSources(
  imageUrl: string | null,
  sizes: string,
): { src: string; srcSet: string | undefined; sizes: string | undefined } {
  const srcSet = coverSrcSet(imageUrl);
  return { src: imageUrl ?? DEFAULT_COVER, srcSet, sizes: srcSet ? sizes : undefined };
}

/**
 * The one picture of a cover shown as a small thumbnail (at most 120 CSS px wide): the smallest
 * stored copy, which covers a 3× screen, without a srcset (a long table row pays for every byte).
 */
export function coverThumbnail(imageUrl: string | null): string {
  return smallestCoverCopy(imageUrl) ?? imageUrl ?? DEFAULT_COVER;
}
