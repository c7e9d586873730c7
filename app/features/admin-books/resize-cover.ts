import { COVER_IMAGE_ERROR, COVER_LIMITS } from "#common/books/cover-limits.ts";

/** A file the browser cannot turn into a cover; its message is the spec's. */
export class CoverImageError extends Error {
  constructor() {
    super(COVER_IMAGE_ERROR);
    this.name = "CoverImageError";
  }
}

export interface ResizedCover {
  blob: Blob;
  width: number;
  height: number;
}

interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

// Tried in turn until the file fits: an 800 px cover fits at the first one almost always.
const QUALITY_STEPS = [0.86, 0.78, 0.7, 0.6, 0.5, 0.4];

async function decodeWithBitmap(file: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
}

/** For browsers whose createImageBitmap cannot take a Blob (older Safari). */
async function decodeWithElement(file: Blob): Promise<DecodedImage> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  try {
    image.src = url;
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === "function") {
    try {
      return await decodeWithBitmap(file);
    } catch {
      // Fall through: the element decoder accepts some inputs the bitmap one refuses.
    }
  }
  return decodeWithElement(file);
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Draws the image fitted inside `max`×`max` (never enlarged). JPEG has no alpha: white behind it. */
function draw(image: DecodedImage, max: number, opaque: boolean): HTMLCanvasElement {
  const scale = Math.min(1, max / Math.max(image.width, image.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new CoverImageError();
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  if (opaque) {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(image.source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * Shrinks a chosen cover in the browser before it is uploaded: at most 800 px on the longer side
 * and at most 1 MB, as WebP (JPEG where the browser cannot write WebP). Uploads stay small on
 * slow connections; the server still checks and re-encodes whatever arrives. Throws
 * CoverImageError for anything that is not an image the browser can decode.
 */
export async function resizeCoverImage(
  file: Blob,
  limits: { maxDimension: number; maxBytes: number } = {
    maxDimension: COVER_LIMITS.maxDimension,
    maxBytes: COVER_LIMITS.maxOutputBytes,
  },
): Promise<ResizedCover> {
  if (file.type && !file.type.startsWith("image/")) throw new CoverImageError();
  let image: DecodedImage;
  try {
    image = await decodeImage(file);
  } catch {
    throw new CoverImageError();
  }
  try {
    if (!image.width || !image.height) throw new CoverImageError();
    let type = "image/webp";
    // A noisy photograph may not fit even at the lowest quality: shrink it a little and retry.
    for (let max = limits.maxDimension; max >= limits.maxDimension / 4; max = Math.floor(max * 0.75)) {
      let canvas = draw(image, max, false);
      for (const quality of QUALITY_STEPS) {
        let blob = await toBlob(canvas, type, quality);
        if (blob && blob.type !== type && type === "image/webp") {
          // This browser writes PNG when asked for WebP: use JPEG from now on.
          type = "image/jpeg";
          canvas = draw(image, max, true);
          blob = await toBlob(canvas, type, quality);
        }
        if (!blob) throw new CoverImageError();
        if (blob.size <= limits.maxBytes) return { blob, width: canvas.width, height: canvas.height };
      }
    }
    throw new CoverImageError();
  } finally {
    image.release();
  }
}
