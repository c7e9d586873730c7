/**
 * The cover rules, shared by the browser (which resizes before posting) and the server (which
 * checks and re-encodes whatever arrives). Client-safe: no sharp, no Node modules.
 */

/** What an uploaded cover may be, and what is stored (spec: at most 1 MB and 800 px). */
export interface CoverLimits {
  maxUploadBytes: number;
  maxInputPixels: number;
  maxDimension: number;
  maxOutputBytes: number;
}

export const COVER_LIMITS: CoverLimits = {
  maxUploadBytes: 10 * 1024 * 1024,
  maxInputPixels: 40_000_000,
  maxDimension: 800,
  maxOutputBytes: 1024 * 1024,
};

/** The words for an upload over maxUploadBytes, whether the parser or encodeCoverImage notices. */
export const COVER_TOO_LARGE_MESSAGE = `The image is too large. Please choose a file of at most ${Math.round(COVER_LIMITS.maxUploadBytes / 1024 / 1024)} MB.`;

/** The spec's words for any upload that is not an image the browser or sharp can decode. */
export const COVER_IMAGE_ERROR = "Image compression failed: Could not process the image. Please try another one.";

/**
 * The form field of the cover file. A refused image is reported under this key in
 * `fieldErrors`, so the screen can tell "Image upload failed" apart from "Error saving book".
 */
export const COVER_FIELD = "cover";

/**
 * The widths of the smaller copies stored beside every cover (decision 18), offered to the browser
 * in `srcset` with the cover itself. 360 px: the home page's two-up card on a 360-375 px phone at 2×
 * (162-170 px wide), the hero's fanned covers at 2×, desktop cards (262 px) at 1×-1.25×; 480 px:
 * two-up cards on 400-430 px phones at 2× and the fanned covers at 3×, desktop cards at 1.5-1.75×.
 * Anything larger (the book page, one card per row, 2× desktop) takes the cover itself (600 px).
 */
export const COVER_VARIANT_WIDTHS = [360, 480] as const;

/**
 * The width `srcset` names for a cover itself: a 3:4 cover fitted inside 800 px (the seed's, and
 * most uploads'). A wider upload (a square one is 800 px) is only sharper than the browser assumed.
 */
export const COVER_FULL_WIDTH = 600;

/** The key of a cover's smaller copy: the cover's own key and the width, "<sha256>-360w". */
export function coverVariantKey(key: string, width: number): string {
  return `${key}-${width}w`;
}

// The URL of a stored cover (not of a variant), as server/covers/cover-store.ts's coverUrl makes it.
const STORED_COVER_URL = /^\/covers\/([0-9a-f]{64})\.webp$/;

/** The URL of a stored cover's smallest copy, or undefined for any other URL (it has no copies). */
export function smallestCoverCopy(imageUrl: string | null | undefined): string | undefined {
  const key = imageUrl ? STORED_COVER_URL.exec(imageUrl)?.[1] : undefined;
  return key ? `/covers/${coverVariantKey(key, COVER_VARIANT_WIDTHS[0])}.webp` : undefined;
}

/**
 * `srcset` for a book's image URL: the cover's stored smaller copies and the cover itself, or
 * undefined for any other URL (the default picture, a legacy file URL), which has no copies.
 */
export function coverSrcSet(imageUrl: string | null | undefined): string | undefined {
  const key = imageUrl ? STORED_COVER_URL.exec(imageUrl)?.[1] : undefined;
  if (!key) return undefined;
  const variants = COVER_VARIANT_WIDTHS.map((width) => `/covers/${coverVariantKey(key, width)}.webp ${width}w`);
  return [...variants, `${imageUrl} ${COVER_FULL_WIDTH}w`].join(", ");
}
