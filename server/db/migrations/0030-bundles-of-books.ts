import { sql, type Kysely } from "kysely";
import { filledColumn } from "../migration-builders.ts";

/**
 * Bundles made of books (decision 38). A bundle has no stock of its own any more: it is its parts,
 * `bundle_books` rows with a count each (12 × one title + 1 teacher's guide), and selling one takes
 * its parts' stock. `bundles.book_count` stays as the number of books the bundle was defined with:
 * a part deleted since (the link cascades away) leaves fewer, and the bundle is unavailable rather
 * than sold short. `order_bundle_units` records the books an order took through its bundle lines,
 * so that a cancel or an expiry gives back exactly those, whatever the bundle became since.
 * Units held by orders placed before this change came from the bundles' own stock, now gone: they
 * give nothing back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("bundle_books")
    .addColumn("quantity", "integer", filledColumn(1, sql`quantity between 1 and 99`))
    .execute();
  await db.schema.alterTable("bundles").dropColumn("stock").execute();

  await db.schema
    .createTable("order_bundle_units")
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    // No foreign key: a deleted book's units have no shelf to go back to, and the record stays.
    .addColumn("book_id", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint("order_bundle_units_pk", ["order_id", "book_id"])
    .execute();
}
