import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex, filledColumn } from "../migration-builders.ts";

/**
 * Discount codes (issue 33, item 5; decision 39).
 *
 * `discount_codes`: one code staff made in the back office. `code_key` is the code lower-cased,
 * unique, so "SPRING" and "spring" are one code. `uses` counts the orders that hold a use now: it
 * is raised by a conditional write in the order's transaction (never past `usage_limit`) and
 * lowered once when such an order is cancelled or expires.
 * `orders.discount_*`: what an order's code took off (its own line everywhere the order is shown),
 * the code as shown, the customer key the per-customer limit counts (the account, else the
 * e-mail lower-cased) and `discount_use_held`, cleared exactly once when the use is given back.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("discount_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("code_key", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn("percent", "integer", (c) => c.check(sql`percent between 1 and 100`))
    .addColumn("amount_cents", "integer", (c) => c.check(sql`amount_cents > 0`))
    .addColumn("applies_to", "text", (c) => c.notNull().check(sql`applies_to in ('order', 'titles')`))
    .addColumn("book_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("min_quantity", "integer", (c) => c.check(sql`min_quantity > 0`))
    .addColumn("min_subtotal_cents", "integer", (c) => c.check(sql`min_subtotal_cents > 0`))
    .addColumn("starts_at", timestamp)
    .addColumn("ends_at", timestamp)
    .addColumn("usage_limit", "integer", (c) => c.check(sql`usage_limit > 0`))
    .addColumn("per_customer_limit", "integer", (c) => c.check(sql`per_customer_limit > 0`))
    .addColumn("uses", "integer", filledColumn(0, sql`uses >= 0`))
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("orders")
    .addColumn("discount_code_id", "text", (c) => c.references("discount_codes.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("orders").addColumn("discount_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discount_cents", "integer", filledColumn(0, sql`discount_cents >= 0`))
    .execute();
  await db.schema.alterTable("orders").addColumn("discount_customer", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discount_use_held", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await createColumnIndex(db, "orders_discount_customer_idx", "orders", ["discount_code_id", "discount_customer"]);
}
