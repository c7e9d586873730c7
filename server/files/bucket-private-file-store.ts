import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { createBucketClient, isNotFound, type BucketOptions } from "#server/covers/bucket-client.ts";
import type { PrivateFile, PrivateFileStore } from "./private-file-store.ts";

/** Where private objects go below the shop's prefix: the bucket is the covers', the files are not covers. */
export const PRIVATE_OBJECT_FOLDER = "private/";

/**
 * Private files in the covers' S3-compatible bucket, under `<prefix>private/<key>`. The shop
 * serves covers itself (decision 10), so the bucket stays private; nothing serves these objects.
 * Each request gives up after a while (bucket-client.ts).
 */
export class BucketPrivateFileStore implements PrivateFileStore {
  readonly kind = "bucket";
  readonly #client: S3Client;

  constructor(private readonly options: BucketOptions) {
    this.#client = createBucketClient(options);
  }

  #objectKey(key: string): string {
    return `${this.options.prefix}${PRIVATE_OBJECT_FOLDER}${key}`;
  }

  async put(_trx: unknown, file: PrivateFile): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.#objectKey(file.key),
        Body: file.bytes,
        ContentType: file.contentType,
        ContentLength: file.bytes.byteLength,
        CacheControl: "private, no-store",
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.#objectKey(key) }),
      );
      return object.Body ? await object.Body.transformToByteArray() : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.#objectKey(key) }));
  }
}
