import type { Kysely } from "kysely";

/**
 * The store's postal address, printed as the seller's address on invoices and packing slips
 * (decision 28). Lines separated by "\n"; null (the default) leaves it off the documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("store_settings").addColumn("postal_address", "text").execute();
}
