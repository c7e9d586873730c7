import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { upsertCoverRow, type CoverImage, type CoverStore, type StoredCover } from "./cover-store.ts";

/**
 * The default store: the bytes in `cover_images.data`, so every instance on the database sees
 * them and every database backup holds them. Served with immutable caching, so the database is
 * read about once per cover per browser or proxy cache.
 */
export class DatabaseCoverStore implements CoverStore {
  readonly kind = "database";

  constructor(private readonly db: Kysely<Database>) {}

  async put(trx: Kysely<Database>, cover: CoverImage): Promise<void> {
    await upsertCoverRow(trx, cover, Buffer.from(cover.bytes));
  }

  async get(key: string): Promise<StoredCover | null> {
    const row = await this.db
      .selectFrom("cover_images")
      .select(["content_type", "data"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row?.data) return null;
    return { contentType: row.content_type, bytes: row.data };
  }

  async has(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("cover_images")
      .select("key")
      .where("key", "=", key)
      .where("data", "is not", null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async delete(): Promise<void> {
    // The bytes were in the row the caller has just deleted.
  }
}
