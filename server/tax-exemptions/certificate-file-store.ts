import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** A certificate's file as stored: its bytes and the type its first bytes showed (certificate-file-type.ts). */
export interface CertificateFile {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Where certificate files live: the database (the default), or the covers' S3-compatible bucket
 * when one is configured, under a prefix of their own (decision 30). Chosen once in
 * server/boot.ts, as the cover store is. Never served publicly: only the certificate file route
 * reads them, for the owner and staff.
 */
export interface CertificateFileStore {
  readonly kind: "database" | "bucket";
  /**
   * Stores a certificate's file inside `trx`, the transaction that writes the certificate: its
   * `tax_certificate_files` row (with the bytes, or without them for the bucket) commits with it.
   */
  put(trx: Kysely<Database>, certificateId: string, file: CertificateFile, now: Date): Promise<void>;
  get(certificateId: string): Promise<CertificateFile | null>;
  /**
   * Removes the bytes kept outside the row (the bucket's object), after the certificate and its
   * row were deleted. Nothing to do for the database store.
   */
  delete(certificateId: string): Promise<void>;
}

/** Writes a certificate file's row; `data` is null when the bytes live in the bucket. */
export async function insertCertificateFileRow(
  trx: Kysely<Database>,
  certificateId: string,
  file: CertificateFile,
  data: Buffer | null,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("tax_certificate_files")
    .values({
      certificate_id: certificateId,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      content_type: file.contentType,
      byte_length: file.bytes.byteLength,
      data,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The default store: the bytes in `tax_certificate_files.data`, in every backup of the database. */
export class DatabaseCertificateFileStore implements CertificateFileStore {
  readonly kind = "database";

  constructor(private readonly db: Kysely<Database>) {}

  async put(trx: Kysely<Database>, certificateId: string, file: CertificateFile, now: Date): Promise<void> {
    await insertCertificateFileRow(trx, certificateId, file, Buffer.from(file.bytes), now);
  }

  async get(certificateId: string): Promise<CertificateFile | null> {
    const row = await this.db
      .selectFrom("tax_certificate_files")
      .select(["content_type", "data"])
      .where("certificate_id", "=", certificateId)
      .executeTakeFirst();
    if (!row?.data) return null;
    return { contentType: row.content_type, bytes: row.data };
  }

  async delete(): Promise<void> {
    // The bytes were in the row, deleted with its certificate.
  }
}
