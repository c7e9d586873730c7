import type { Kysely } from "kysely";

/**
 * A book's quantity price breaks (decision 36): `price_breaks`, a JSON list of
 * `{ minQuantity, unitPriceCents }` in increasing thresholds, `[]` for none. Beside the book, like
 * its tags: every read of a book (pages, cart pricing, the order's transaction) has them without
 * another query, a save writes them with the book, and the page generation's trigger on `books`
 * already drops the cached pages that show them. The book form's schema checks them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("books")
    .addColumn("price_breaks", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}
