import { sql, type Kysely } from "kysely";
import { createColumnIndex, filledColumn } from "../migration-builders.ts";

/**
 * The dashboard lists books whose stock is at or below this number. A store setting rather than a
 * constant: a shop printing runs of 500 and one selling hand-bound copies mean different things
 * by "low". Existing rows get the default 5.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("store_settings")
    .addColumn(
      "low_stock_threshold",
      "integer",
      filledColumn(5, sql`low_stock_threshold >= 0 and low_stock_threshold <= 100000`),
    )
    .execute();
  // The dashboard's waiting-to-ship list filters on status and sorts by date; the date index alone
  // would read every old shipped order to find the few that still wait.
  await createColumnIndex(db, "orders_status_order_date_idx", "orders", ["status", "order_date"]);
}
