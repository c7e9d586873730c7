import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp, { type Metadata } from "sharp";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { COVER_IMAGE_ERROR, COVER_LIMITS, type CoverLimits } from "./cover-schema.ts";

/**
 * An uploaded cover: its bytes, or a file the upload was streamed to (see readFormWithUpload in
 * server/http/read-form.ts), which sharp reads from disk instead of memory.
 */
export type CoverUpload = Uint8Array | { path: string; size: number };

/** Public URL prefix of stored covers; Hono serves `uploadsDir` under /uploads. */
export const COVERS_URL_PREFIX = "/uploads/covers/";

// Qualities tried in turn until the WebP fits maxOutputBytes; an 800 px cover fits at the first
// one almost always, so the later steps only cost time on noisy photographs.
const WEBP_QUALITY_STEPS = [82, 72, 62, 52, 42, 32, 22];

function coversDir(uploadsDir: string): string {
  return path.resolve(uploadsDir, "covers");
}

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

/**
 * Checks and re-encodes an uploaded cover (see encodeCoverImage), stores it under
 * `uploadsDir/covers/<random>.webp` and returns its public URL. Nothing is written unless the
 * image is accepted. The random name means a replaced cover never shows from a stale cache and
 * the uploader's file name never reaches the disk.
 */
export async function storeCoverImage(uploadsDir: string, upload: CoverUpload): Promise<string> {
  const image = await encodeCoverImage(upload);
  const dir = coversDir(uploadsDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString("hex")}.webp`;
  // Written under a temporary name and renamed, so /uploads never serves half a file, and synced
  // first so that a power cut cannot leave the database pointing at an empty file.
  const tempPath = path.join(dir, `.${name}.tmp`);
  try {
    const file = await open(tempPath, "wx");
    try {
      await file.writeFile(image);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tempPath, path.join(dir, name));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return `${COVERS_URL_PREFIX}${name}`;
}

/**
 * The file behind a cover URL, or null when the URL is not one of ours: it must be
 * /uploads/covers/<plain file name> and resolve directly inside `uploadsDir/covers`, so a stored
 * URL such as "/uploads/covers/../../app-secret" can never delete anything else.
 */
function coverFilePath(uploadsDir: string, imageUrl: string): string | null {
  if (!imageUrl.startsWith(COVERS_URL_PREFIX)) return null;
  const name = imageUrl.slice(COVERS_URL_PREFIX.length);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) return null;
  const dir = coversDir(uploadsDir);
  const file = path.resolve(dir, name);
  return path.dirname(file) === dir ? file : null;
}

/**
 * Deletes a stored cover. Returns false, touching nothing, for a URL that is not a stored cover
 * (external URLs, traversal attempts) and for a file that is already gone.
 */
export async function removeCoverImage(uploadsDir: string, imageUrl: string | null | undefined): Promise<boolean> {
  if (!imageUrl) return false;
  const file = coverFilePath(uploadsDir, imageUrl);
  if (!file) return false;
  try {
    await unlink(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Deletes a cover that a database change has just let go of, unless some book still shows it.
 * Runs after the change is committed, so a failure here must not fail the operation: the admin
 * would retry something that already happened, and a leftover file only costs disk space.
 */
export async function removeCoverIfUnused(
  db: Kysely<Database>,
  uploadsDir: string,
  imageUrl: string | null,
): Promise<void> {
  if (!imageUrl) return;
  try {
    const stillUsed = await db.selectFrom("books").select("id").where("image_url", "=", imageUrl).executeTakeFirst();
    if (!stillUsed) await removeCoverImage(uploadsDir, imageUrl);
  } catch {
    // See above: the committed change stands; the file is merely left behind.
  }
}
