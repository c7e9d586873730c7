import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { createBucketClient, isNotFound, type BucketOptions } from "./bucket-client.ts";
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
  readonly #client: S3Client;

  constructor(private readonly options: BucketCoverStoreOptions) {
    this.#client = createBucketClient(options);
  }

  #objectKey(key: string): string {
    return `${this.options.prefix}${key}.webp`;
  }

  async put(trx: Kysely<Database>, cover: CoverImage): Promise<void> {
    // The row first: it locks the key until the caller commits, so a concurrent release of the
    // same cover waits and then sees the book that uses it (or deletes before this put re-uploads).
    await upsertCoverRow(trx, cover, null);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.#objectKey(cover.key),
        Body: cover.bytes,
        ContentType: cover.contentType,
        ContentLength: cover.bytes.byteLength,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(key: string): Promise<StoredCover | null> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.#objectKey(key) }),
      );
      if (!object.Body) return null;
      return { contentType: object.ContentType ?? "image/webp", bytes: await object.Body.transformToByteArray() };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.#objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.#objectKey(key) }));
  }

  close(): void {
    this.#client.destroy();
  }
}
