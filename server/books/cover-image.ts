import type { Metadata } from "sharp";
import { AppError } from "#server/errors/app-error.ts";
import { COVER_IMAGE_ERROR, COVER_LIMITS, type CoverLimits } from "#common/books/cover-limits.ts";

/**
 * An uploaded cover: its bytes, or a file the upload was streamed to (see readFormWithUpload in
 * server/http/read-form.ts), which sharp reads from disk instead of memory.
 */
export type CoverUpload = Uint8Array | { path: string; size: number };

// Qualities tried in turn until the WebP fits maxOutputBytes; an 800 px cover fits at the first
// one almost always, so the later steps only cost time on noisy photographs.
const WEBP_QUALITY_STEPS = [82, 72, 62, 52, 42, 32, 22];

function compressionFailed(): AppError {
  return new AppError("VALIDATION", COVER_IMAGE_ERROR);
}

/**
 * Only formats a browser shows everywhere. Decided from the bytes (sharp reads the header), never
 * from a file name or a declared type. AVIF is a HEIF container with AV1 compression; other HEIF
 * (HEVC, from phones) is refused because most browsers cannot show it.
 */
function isAcceptedFormat(metadata: Metadata): boolean {
  switch (metadata.format) {
    case "jpeg":
    case "png":
    case "webp":
      return true;
    case "heif":
      return metadata.compression === "av1";
    default:
      return false;
  }
}

/**
 * Turns uploaded bytes into the stored cover: upright per its EXIF orientation, every piece of
 * metadata dropped (EXIF can carry GPS positions), fitted inside maxDimension² without enlarging,
 * WebP of at most maxOutputBytes. Throws VALIDATION for anything too large or not an accepted
 * image. `limits` is a parameter so tests can reach the quality steps.
 */
export async function encodeCoverImage(upload: CoverUpload, limits: CoverLimits = COVER_LIMITS): Promise<Buffer> {
  const [bytes, size] = upload instanceof Uint8Array ? [upload, upload.byteLength] : [upload.path, upload.size];
  if (size > limits.maxUploadBytes) {
    throw new AppError(
      "VALIDATION",
      `The image is too large. Please choose a file of at most ${Math.round(limits.maxUploadBytes / 1024 / 1024)} MB.`,
    );
  }
  if (size === 0) throw compressionFailed();

  // Loaded on the first cover (libvips is large): a shop that is only browsed never needs it.
  const { default: sharp } = await import("sharp");
  let metadata: Metadata;
  try {
    // Reads the header only, so the pixel limit is checked below with a clearer message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw compressionFailed();
  }
  if (!isAcceptedFormat(metadata)) throw compressionFailed();
  const { width, height } = metadata;
  if (!width || !height) throw compressionFailed();
  if (width * height > limits.maxInputPixels) {
    throw new AppError(
      "VALIDATION",
      `The image is too large. Please choose one of at most ${limits.maxInputPixels / 1_000_000} megapixels.`,
    );
  }

  try {
    // Decoded and resized once; the raw pixels (at most 800×800) are re-encoded per quality step.
    // failOn "warning" refuses truncated or corrupt files instead of storing half a picture.
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxInputPixels, failOn: "warning" })
      .rotate()
      .resize({
        width: limits.maxDimension,
        height: limits.maxDimension,
        fit: "inside",
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const quality of WEBP_QUALITY_STEPS) {
      const webp = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .webp({ quality })
        .toBuffer();
      if (webp.byteLength <= limits.maxOutputBytes) return webp;
    }
  } catch {
    throw compressionFailed();
  }
  throw compressionFailed();
}
