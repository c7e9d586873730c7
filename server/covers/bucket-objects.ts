import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { createBucketClient, isNotFound, type BucketOptions } from "./bucket-client.ts";

/** An object's bytes and the content type the bucket has for it. */
export interface BucketObject {
  contentType: string | undefined;
  bytes: Uint8Array;
}

/**
 * One bucket store's objects, by the store's keys: what every bucket store (covers, certificate
 * files, private files) does with them; `objectName` is where the store keeps a key's object.
 */
export class BucketObjects {
  readonly #client: S3Client;

  constructor(
    private readonly options: BucketOptions,
    private readonly objectName: (key: string) => string,
  ) {
    this.#client = createBucketClient(options);
  }

  async put(key: string, file: { bytes: Uint8Array; contentType: string }, cacheControl: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectName(key),
        Body: file.bytes,
        ContentType: file.contentType,
        ContentLength: file.bytes.byteLength,
        CacheControl: cacheControl,
      }),
    );
  }

  /** Null when the bucket has no such object, or answers without its body. */
  async get(key: string): Promise<BucketObject | null> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(key) }),
      );
      if (!object.Body) return null;
      return { contentType: object.ContentType, bytes: await object.Body.transformToByteArray() };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectName(key) }));
  }

  close(): void {
    this.#client.destroy();
  }
}
