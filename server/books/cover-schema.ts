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
