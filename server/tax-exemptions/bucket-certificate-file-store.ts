import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { Kysely } from "kysely";
import { createBucketClient, isNotFound, type BucketOptions } from "#server/covers/bucket-client.ts";
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
  readonly #client: S3Client;

  constructor(private readonly options: BucketOptions) {
    this.#client = createBucketClient(options);
  }

  #objectKey(certificateId: string): string {
    return `${CERTIFICATE_OBJECT_PREFIX}${certificateId}`;
  }

  async put(trx: Kysely<Database>, certificateId: string, file: CertificateFile, now: Date): Promise<void> {
    await insertCertificateFileRow(trx, certificateId, file, null, now);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.#objectKey(certificateId),
        Body: file.bytes,
        ContentType: file.contentType,
        ContentLength: file.bytes.byteLength,
        CacheControl: "private, no-store",
      }),
    );
  }

  async get(certificateId: string): Promise<CertificateFile | null> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.#objectKey(certificateId) }),
      );
      if (!object.Body || !object.ContentType) return null;
      return { contentType: object.ContentType, bytes: await object.Body.transformToByteArray() };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(certificateId: string): Promise<void> {
    await this.#client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.#objectKey(certificateId) }),
    );
  }

  close(): void {
    this.#client.destroy();
  }
}
