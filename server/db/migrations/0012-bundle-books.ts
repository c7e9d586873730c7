import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { linkSeedBundleBooks } from "#server/seed/bundle-contents.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * What is inside a bundle: its books, in the order the pricing section shows their covers and
 * titles. A deleted book leaves its bundles (cascade); a deleted bundle takes its links along.
 * Shops seeded before this change get the seeded bundles' books linked by title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bundle_books")
    .addColumn("bundle_id", "text", (c) => c.notNull().references("bundles.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("bundle_books_pk", ["bundle_id", "book_id"])
    .execute();
  await createColumnIndex(db, "bundle_books_book_id_idx", "bundle_books", ["book_id"]);
  await linkSeedBundleBooks({ db: db as Kysely<Database> });
}
