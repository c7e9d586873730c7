import { sql, type Kysely } from "kysely";
import { filledColumn } from "../migration-builders.ts";

/**
 * Shipping that fits the order (decision 37): a method may add an amount for each item after the
 * first (`per_item_cents`, 0 keeps today's flat rate) and ship free from an order subtotal
 * (`free_above_cents`, null: never). Existing methods keep charging exactly what they did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("shipping_methods")
    .addColumn("per_item_cents", "integer", filledColumn(0, sql`per_item_cents >= 0`))
    .execute();
  await db.schema
    .alterTable("shipping_methods")
    .addColumn("free_above_cents", "integer", (c) => c.check(sql`free_above_cents >= 0`))
    .execute();
}
