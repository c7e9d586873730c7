import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "#server/db/migration-context.ts";
import { filledColumn } from "../migration-builders.ts";

/**
 * Sales tax on every order (issue 32, decision 29).
 *
 * - `store_settings.tax_mode`: how tax is computed: 'none', or 'owner-rates' (the rates below).
 *   Room is left for 'stripe-tax' (not built yet), hence text and not a boolean.
 * - `store_settings.tax_home_state`: the owner's home state (a USPS code), shown first in the list.
 * - `tax_rates`: one rate per jurisdiction, keyed "US-IL" for a US state or "CA" for a whole
 *   country; the rate in thousandths of a percent (6.25 % = 6250), so it is an exact integer.
 *   `collecting` off keeps a rate on file without charging it ("collect only where registered").
 * - `orders.tax_cents`: the tax charged; total_cents = subtotal + shipping + tax. 0 for older orders.
 * - `orders.tax_exempt_certificate_id` / `_number`: the certificate that exempted the order (the
 *   audit trail); the number is copied so that it outlives the certificate.
 * - `order_tax_lines`: the tax per jurisdiction, as charged, with its label copied.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const boolFalse = engine === "sqlite" ? sql`0` : sql`false`;
  await db.schema
    .alterTable("store_settings")
    .addColumn("tax_mode", "text", filledColumn("none", sql`tax_mode in ('none', 'owner-rates')`))
    .execute();
  await db.schema.alterTable("store_settings").addColumn("tax_home_state", "text").execute();

  await db.schema
    .createTable("tax_rates")
    .addColumn("jurisdiction", "text", (c) => c.primaryKey())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("state", "text")
    .addColumn("rate_thousandths", "integer", (c) =>
      c.notNull().check(sql`rate_thousandths >= 0 and rate_thousandths <= 25000`),
    )
    .addColumn("shipping_taxed", "boolean", (c) => c.notNull().defaultTo(boolFalse))
    .addColumn("collecting", "boolean", (c) => c.notNull().defaultTo(boolFalse))
    .execute();

  await db.schema
    .alterTable("orders")
    .addColumn("tax_cents", "integer", filledColumn(0, sql`tax_cents >= 0`))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("tax_exempt_certificate_id", "text", (c) =>
      c.references("tax_exemption_certificates.id").onDelete("set null"),
    )
    .execute();
  await db.schema.alterTable("orders").addColumn("tax_exempt_certificate_number", "text").execute();

  await db.schema
    .createTable("order_tax_lines")
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("jurisdiction", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("rate_thousandths", "integer", (c) => c.notNull())
    .addColumn("taxable_cents", "integer", (c) => c.notNull())
    .addColumn("tax_cents", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_tax_lines_pk", ["order_id", "jurisdiction"])
    .execute();
}
