import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** A file the shop keeps for its own use (the free story's PDF): never served at a public address. */
export interface PrivateFile {
  /** Unique per content: the same key always names the same bytes. */
  key: string;
  contentType: string;
  bytes: Uint8Array;
  /** When it is stored (the caller's clock). */
  storedAt: Date;
}

/**
 * Where private files live: the database (`private_files`, the default) or, when covers go to an
 * S3-compatible bucket (COVERS_S3_BUCKET), that bucket under `<prefix>private/`. Chosen once in
 * server/boot.ts, as the cover store is (decision 10); no route serves either to visitors.
 */
export interface PrivateFileStore {
  readonly kind: "database" | "bucket";
  /**
   * Stores a file (idempotent: a key always names the same bytes). The database store writes in
   * `trx`, the transaction that makes the file used; a bucket's upload happens at once.
   */
  put(trx: Kysely<Database>, file: PrivateFile): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  /** Removes a file nothing uses any more; called after the change that let go of it is committed. */
  delete(key: string): Promise<void>;
}

/** The default store: the bytes in `private_files`, so every instance sees them and every backup holds them. */
export class DatabasePrivateFileStore implements PrivateFileStore {
  readonly kind = "database";

  constructor(private readonly db: Kysely<Database>) {}

  async put(trx: Kysely<Database>, file: PrivateFile): Promise<void> {
    await trx
      .insertInto("private_files")
      .values({
        key: file.key,
        content_type: file.contentType,
        byte_length: file.bytes.byteLength,
        data: Buffer.from(file.bytes),
        created_at: file.storedAt.toISOString(),
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }

  async get(key: string): Promise<Uint8Array | null> {
    const row = await this.db.selectFrom("private_files").select("data").where("key", "=", key).executeTakeFirst();
    return row ? row.data : null;
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom("private_files").where("key", "=", key).execute();
  }
}
