import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { filledColumn } from "../migration-builders.ts";

/**
 * Stripe Tax as the second way to compute sales tax, and refunding a tax alone (issue 32, decision 40).
 *
 * - `store_settings.tax_mode` also takes 'stripe-tax' (Stripe's Tax Calculations API).
 * - `orders.stripe_tax_calculation_id`: the calculation the order's tax came from (Stripe Tax only).
 * - `orders.stripe_tax_transaction_id`: the tax transaction recorded once the order was confirmed
 *   (card paid, invoice placed); `orders.stripe_tax_reversal_id`: its full reversal, once the
 *   order was cancelled or refunded in full. Both written by a background job, retried until done.
 * - `orders.tax_refunded_cents`: the part of `amount_refunded_cents` that gave back the sales tax
 *   alone (a certificate approved after the order): not revenue lost, so the dashboard keeps it.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const orders = db.schema.alterTable("orders");
  for (const step of [
    orders.addColumn("stripe_tax_calculation_id", "text"),
    orders.addColumn("stripe_tax_transaction_id", "text"),
    orders.addColumn("stripe_tax_reversal_id", "text"),
    orders.addColumn("tax_refunded_cents", "integer", filledColumn(0, sql`tax_refunded_cents >= 0`)),
  ]) {
    await step.execute();
  }

  if (engine === "postgres") {
    await sql`alter table store_settings drop constraint store_settings_tax_mode_check`.execute(db);
    await sql`alter table store_settings add constraint store_settings_tax_mode_check check (tax_mode in ('none', 'owner-rates', 'stripe-tax'))`.execute(
      db,
    );
  } else {
    await widenSqliteTaxModes(db);
  }
}

const OLD_CHECK = "check (tax_mode in ('none', 'owner-rates'))";
const NEW_CHECK = "check (tax_mode in ('none', 'owner-rates', 'stripe-tax'))";

/**
 * SQLite cannot change a column's CHECK in place: store_settings is rebuilt as migration 0020
 * rebuilt orders (same definition with the wider check, rows copied, indexes and triggers made again), with
 * foreign keys off. Migrations run outside a transaction on SQLite, so the pragma takes effect.
 */
async function widenSqliteTaxModes(db: Kysely<unknown>): Promise<void> {
  const { rows: tables } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'store_settings'`.execute(db);
  const definition = tables[0]?.sql ?? "";
  if (!definition.includes(OLD_CHECK)) throw new Error("store_settings.tax_mode's check is not the expected one");
  const { rows: indexes } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'store_settings' and sql is not null`.execute(
    db,
  );
  // Its own triggers (page generation, migration 0014) are made again after the rename; anything
  // else naming the table would need its own care.
  const { rows: triggers } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'trigger' and tbl_name = 'store_settings'`.execute(db);
  const { rows: others } = await sql<{
    name: string;
  }>`select name from sqlite_master where type in ('trigger', 'view') and tbl_name != 'store_settings' and sql like '%store_settings%'`.execute(
    db,
  );
  if (others.length > 0) {
    throw new Error(`store_settings is used by ${others.map((o) => o.name).join(", ")}: rebuild them too`);
  }

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const rebuilt = definition
        .replace(OLD_CHECK, NEW_CHECK)
        .replace(/^CREATE TABLE "store_settings"/, 'CREATE TABLE "store_settings_new"');
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into store_settings_new select * from store_settings`.execute(trx);
      await sql`drop table store_settings`.execute(trx);
      await sql`alter table store_settings_new rename to store_settings`.execute(trx);
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error("the rebuilt store_settings table breaks a foreign key");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
