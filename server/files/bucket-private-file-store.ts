import type { BucketOptions } from "#server/covers/bucket-client.ts";
import { BucketObjects } from "#server/covers/bucket-objects.ts";
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
  readonly #objects: BucketObjects;

  constructor(options: BucketOptions) {
    this.#objects = new BucketObjects(options, (key) => `${options.prefix}${PRIVATE_OBJECT_FOLDER}${key}`);
  }

  async put(_trx: unknown, file: PrivateFile): Promise<void> {
    await this.#objects.put(file.key, file, "private, no-store");
  }

  async get(key: string): Promise<Uint8Array | null> {
    return (await this.#objects.get(key))?.bytes ?? null;
  }

  async delete(key: string): Promise<void> {
    await this.#objects.delete(key);
  }
}
