import type { Kysely } from "kysely";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * The client (its rate-limit key: an IPv4 address or an IPv6 /64) that placed an order: the
 * units one client holds in unpaid orders are capped, and staff release a client's holds at once
 * (decision 23). Null for orders placed before, which count for nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("client_key", "text").execute();
  await createColumnIndex(db, "orders_client_key_payment_status_idx", "orders", ["client_key", "payment_status"]);
}
