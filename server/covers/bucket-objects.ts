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
 * The objects of the shop's bucket by their whole names: what every bucket store (covers,
 * certificate files, private files) does with them, while each store names its objects itself.
 */
export class BucketObjects {
  readonly #client: S3Client;

  constructor(private readonly options: BucketOptions) {
    this.#client = createBucketClient(options);
  }

  async put(name: string, file: { bytes: Uint8Array; contentType: string }, cacheControl: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: name,
        Body: file.bytes,
        ContentType: file.contentType,
        ContentLength: file.bytes.byteLength,
        CacheControl: cacheControl,
      }),
    );
  }

  /** Null when the bucket has no such object, or answers without its body. */
  async get(name: string): Promise<BucketObject | null> {
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: name }));
      if (!object.Body) return null;
      return { contentType: object.ContentType, bytes: await object.Body.transformToByteArray() };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async has(name: string): Promise<boolean> {
    try {
      await this.#client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: name }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: name }));
  }

  close(): void {
    this.#client.destroy();
  }
}
