import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * Covers kept where every instance sees them (decision 10). `cover_images` has one row per stored
 * image, keyed by a text key (the SHA-256 of the WebP bytes today; a later responsive variant can
 * be "<hash>-480w"), served at /covers/<key>.webp. `data` holds the bytes when the database is the
 * store and is null when they live in an S3-compatible bucket: the row is still written then, as
 * the one place where a cover's use and its deletion are serialised.
 * `cover_image_aliases` remembers the /uploads/covers/… URL each file moved in at start-up had,
 * so old links (bookmarks, sent mails) are redirected.
 */
export async function up(db: Kysely<unknown>, { engine, timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("cover_images")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("byte_length", "integer", (c) => c.notNull().check(sql`byte_length >= 0`))
    .addColumn("data", engine === "sqlite" ? "blob" : "bytea")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("cover_image_aliases")
    .addColumn("old_url", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  // Deleting a cover asks whether any book still shows it.
  await createColumnIndex(db, "books_image_url_idx", "books", ["image_url"]);
}
