import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex, filledColumn } from "../migration-builders.ts";

/**
 * PayPal as a second payment provider (issue 31, decision 27). Store Settings keep PayPal's app
 * (client secret encrypted like Stripe's, write-only), the webhook id the shop verifies events
 * against, the merchant id a capture must be paid to, and the environment (sandbox or live). An
 * order paid through PayPal has payment method `paypal` and keeps the id of its one PayPal order.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const settings = db.schema.alterTable("store_settings");
  for (const step of [
    settings.addColumn("paypal_client_secret_encrypted", "text"),
    settings.addColumn("paypal_webhook_id", "text"),
    settings.addColumn("paypal_merchant_id", "text"),
    settings.addColumn(
      "paypal_environment",
      "text",
      filledColumn("sandbox", sql`paypal_environment in ('sandbox', 'live')`),
    ),
  ]) {
    await step.execute();
  }

  await db.schema.alterTable("orders").addColumn("paypal_order_id", "text").execute();
  // PayPal's events name its order (or its capture: orders_payment_reference_idx); one shop order
  // per PayPal order, whatever a bug elsewhere might write.
  await createColumnIndex(db, "orders_paypal_order_id_idx", "orders", ["paypal_order_id"], { unique: true });

  if (engine === "postgres") {
    await sql`alter table orders drop constraint orders_payment_method_check`.execute(db);
    await sql`alter table orders add constraint orders_payment_method_check check (payment_method in ('card', 'invoice', 'paypal'))`.execute(
      db,
    );
  } else {
    await widenSqlitePaymentMethods(db);
  }
}

const OLD_CHECK = "check (payment_method in ('card', 'invoice'))";
const NEW_CHECK = "check (payment_method in ('card', 'invoice', 'paypal'))";

/**
 * SQLite cannot change a column's CHECK in place: the orders table is rebuilt as SQLite's
 * "other schema changes" procedure says (the same definition with the wider check, rows copied,
 * the old table dropped, the new one renamed, its indexes made again), with foreign keys off so
 * that dropping the old table touches no order line, history step, event or mail. Migrations run
 * outside a transaction on SQLite, so the pragma takes effect; the rebuild is one transaction.
 */
async function widenSqlitePaymentMethods(db: Kysely<unknown>): Promise<void> {
  const { rows: tables } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
  const definition = tables[0]?.sql ?? "";
  if (!definition.includes(OLD_CHECK)) throw new Error("orders.payment_method's check is not the expected one");
  const { rows: indexes } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(db);
  const { rows: others } = await sql<{
    name: string;
  }>`select name from sqlite_master where type in ('trigger', 'view') and sql like '%orders%'`.execute(db);
  if (others.length > 0) throw new Error(`orders is used by ${others.map((o) => o.name).join(", ")}: rebuild them too`);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const rebuilt = definition
        .replace(OLD_CHECK, NEW_CHECK)
        .replace(/^CREATE TABLE "orders"/, 'CREATE TABLE "orders_new"');
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into orders_new select * from orders`.execute(trx);
      await sql`drop table orders`.execute(trx);
      await sql`alter table orders_new rename to orders`.execute(trx);
      for (const index of indexes) await sql.raw(index.sql).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error("the rebuilt orders table breaks a foreign key");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
