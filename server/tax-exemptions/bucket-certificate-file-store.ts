import type { Kysely } from "kysely";
import type { BucketOptions } from "#server/covers/bucket-client.ts";
import { BucketObjects } from "#server/covers/bucket-objects.ts";
import type { Database } from "#server/db/schema.ts";
import { insertCertificateFileRow, type CertificateFile, type CertificateFileStore } from "./certificate-file-store.ts";

/**
 * Object names of certificate files: apart from the covers' prefix, so that a bucket whose covers
 * are public (a CDN in front of it) can keep these private (decision 30).
 */
export const CERTIFICATE_OBJECT_PREFIX = "private/tax-certificates/";

/**
 * Certificate files in the covers' bucket. The row (without bytes) is written in the
 * certificate's transaction, then the object; objects are written private (no ACL) and are
 * read only by the shop's certificate file route.
 */
export class BucketCertificateFileStore implements CertificateFileStore {
  readonly kind = "bucket";
  readonly #objects: BucketObjects;

  constructor(options: BucketOptions) {
    this.#objects = new BucketObjects(options, (certificateId) => `${CERTIFICATE_OBJECT_PREFIX}${certificateId}`);
  }

  async put(trx: Kysely<Database>, certificateId: string, file: CertificateFile, now: Date): Promise<void> {
    await insertCertificateFileRow(trx, certificateId, file, null, now);
    await this.#objects.put(certificateId, file, "private, no-store");
  }

  async get(certificateId: string): Promise<CertificateFile | null> {
    const object = await this.#objects.get(certificateId);
    if (!object?.contentType) return null;
    return { contentType: object.contentType, bytes: object.bytes };
  }

  async delete(certificateId: string): Promise<void> {
    await this.#objects.delete(certificateId);
  }

  close(): void {
    this.#objects.close();
  }
}
