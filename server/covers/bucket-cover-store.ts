import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { upsertCoverRow, type CoverImage, type CoverStore, type StoredCover } from "./cover-store.ts";

/** Where a bucket is and how to reach it (the tax certificates' store uses the same bucket). */
export interface BucketConnection {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Milliseconds to connect and to get an answer, per attempt; tests shorten them. */
  timeouts?: { connectMs: number; answerMs: number };
}

export interface BucketCoverStoreOptions extends BucketConnection {
  /** Object names are `<prefix><key>.webp`. */
  prefix: string;
}

/**
 * A cover is stored inside the transaction that makes a book show it (see `put`), and on SQLite
 * that transaction holds the shop's one connection: a bucket that never answers would freeze
 * every page. The SDK waits for ever by default; each attempt here gives up instead (three
 * attempts: about half a minute at worst), and the book is not saved.
 */
const BUCKET_TIMEOUTS = { connectMs: 3_000, answerMs: 10_000 };

/** The SDK's client for a bucket, with the shop's timeouts and checksum settings. */
export function bucketClient(options: BucketConnection): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's
    // newer default (CRC32 trailers on every upload).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: (options.timeouts ?? BUCKET_TIMEOUTS).connectMs,
      requestTimeout: (options.timeouts ?? BUCKET_TIMEOUTS).answerMs,
      // Without it the SDK only warns when the time is up, and goes on waiting.
      throwOnRequestTimeout: true,
    },
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  return new S3Client(config);
}

/**
 * Covers in an S3-compatible bucket, through the official SDK, for very large catalogues or a CDN
 * in front of the bucket. Our server still answers /covers/<key>.webp by reading the object, so
 * pages never change; the `cover_images` row (without bytes) is still written in the book's
 * transaction, so releasing a cover is serialised exactly as with the database store.
 */
export class BucketCoverStore implements CoverStore {
  readonly kind = "bucket";
  readonly #client: S3Client;

  constructor(private readonly options: BucketCoverStoreOptions) {
    this.#client = bucketClient(options);
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

/** S3's answer for an object that is not there. */
export function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
