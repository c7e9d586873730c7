/**
 * The browser's copy of the cover rules (server/books/cover-image.ts holds the server's; that
 * module uses sharp, so it cannot be imported here). A unit test keeps the two equal.
 */
export const COVER_MAX_DIMENSION = 800;
export const COVER_MAX_BYTES = 1024 * 1024;
/** The spec's words for a file that is not an image the browser (or the server) can decode. */
export const COVER_IMAGE_ERROR = "Image compression failed: Could not process the image. Please try another one.";
/** The form field the resized cover is posted in; the server reports a refused image under it. */
export const COVER_FIELD = "cover";
