import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** Public URL prefix of stored covers: /covers/<key>.webp (server/http/cover-routes.ts serves it). */
export const COVER_URL_PREFIX = "/covers/";
export const COVER_CONTENT_TYPE = "image/webp";

/**
 * A cover key: the SHA-256 (hex) of the stored bytes, optionally followed by a variant suffix
 * such as "-480w" for a later responsive size of the same cover. Nothing else is ever looked up.
 */
const COVER_KEY = /^[0-9a-f]{64}(?:-[0-9]{1,4}w)?$/;

export interface CoverImage {
  key: string;
  /** SHA-256 (hex) of `bytes`. */
  sha256: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface StoredCover {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Where cover bytes live: the database (the default) or an S3-compatible bucket. Chosen once in
 * server/boot.ts; the rest of the code only sees this interface.
 */
export interface CoverStore {
  readonly kind: "database" | "bucket";
  /**
   * Stores a cover (idempotent: a key always names the same bytes) and writes or locks its
   * `cover_images` row inside `trx`, the transaction that makes a book show it. Holding that row
   * until the book is committed is what keeps a concurrent release from deleting it (see
   * release-unused-cover.ts).
   */
  put(trx: Kysely<Database>, cover: CoverImage): Promise<void>;
  get(key: string): Promise<StoredCover | null>;
  has(key: string): Promise<boolean>;
  /**
   * Removes the bytes kept outside the row (the bucket's object); called inside the transaction
   * that has just deleted the row. Nothing to do for the database store.
   */
  delete(key: string): Promise<void>;
}

export function isCoverKey(key: string): boolean {
  return COVER_KEY.test(key);
}

/** The cover for WebP bytes, keyed by their SHA-256. */
export function webpCover(bytes: Uint8Array): CoverImage {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { key: sha256, sha256, contentType: COVER_CONTENT_TYPE, bytes };
}

export function coverUrl(key: string): string {
  return `${COVER_URL_PREFIX}${key}.webp`;
}

/** The key behind a stored cover's URL, or null for any other URL (external, legacy, malformed). */
export function coverKeyFromUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(COVER_URL_PREFIX) || !url.endsWith(".webp")) return null;
  const key = url.slice(COVER_URL_PREFIX.length, -".webp".length);
  return isCoverKey(key) ? key : null;
}

/** Whether bytes are a WebP file (RIFF container, WEBP form type). */
export function isWebp(bytes: Uint8Array): boolean {
  const text = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  return bytes.byteLength >= 12 && text(0, 4) === "RIFF" && text(8, 12) === "WEBP";
}

/**
 * Writes a cover's row, or, when it exists, locks it by a no-op update (PostgreSQL's ON CONFLICT
 * DO NOTHING would not lock it). `data` is null for covers whose bytes live in a bucket.
 */
export async function upsertCoverRow(trx: Kysely<Database>, cover: CoverImage, data: Buffer | null): Promise<void> {
  await trx
    .insertInto("cover_images")
    .values({
      key: cover.key,
      sha256: cover.sha256,
      content_type: cover.contentType,
      byte_length: cover.bytes.byteLength,
      data,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ content_type: eb.ref("excluded.content_type") })))
    .execute();
}
