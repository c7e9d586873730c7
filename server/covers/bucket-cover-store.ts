import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { BucketOptions } from "./bucket-client.ts";
import { BucketObjects } from "./bucket-objects.ts";
import { upsertCoverRow, type CoverImage, type CoverStore, type StoredCover } from "./cover-store.ts";

/** Object names are `<prefix><key>.webp`. */
export type BucketCoverStoreOptions = BucketOptions;

/**
 * Covers in an S3-compatible bucket, through the official SDK, for very large catalogues or a CDN
 * in front of the bucket. Our server still answers /covers/<key>.webp by reading the object, so
 * pages never change; the `cover_images` row (without bytes) is still written in the book's
 * transaction, so releasing a cover is serialised exactly as with the database store. Each
 * request gives up after a while (bucket-client.ts): a cover is stored inside the book's
 * transaction.
 */
export class BucketCoverStore implements CoverStore {
  readonly kind = "bucket";
  readonly #objects: BucketObjects;

  constructor(options: BucketCoverStoreOptions) {
    this.#objects = new BucketObjects(options, (key) => `${options.prefix}${key}.webp`);
  }

  async put(trx: Kysely<Database>, cover: CoverImage): Promise<void> {
    // The row first: it locks the key until the caller commits, so a concurrent release of the
    // same cover waits and then sees the book that uses it (or deletes before this put re-uploads).
    await upsertCoverRow(trx, cover, null);
    await this.#objects.put(cover.key, cover, "public, max-age=31536000, immutable");
  }

  async get(key: string): Promise<StoredCover | null> {
    const object = await this.#objects.get(key);
    if (!object) return null;
    return { contentType: object.contentType ?? "image/webp", bytes: object.bytes };
  }

  has(key: string): Promise<boolean> {
    return this.#objects.has(key);
  }

  async delete(key: string): Promise<void> {
    await this.#objects.delete(key);
  }

  close(): void {
    this.#objects.close();
  }
}
