import { sql, type Kysely } from "kysely";
import type { DatabaseEngine } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";

/**
 * What one client (its rate-limit key: an IPv4 address or an IPv6 /64) may hold in unpaid orders
 * at once, card and invoice together (decision 23). Sized for a church or school ordering a class
 * set of several titles; a larger order is paid first or arranged with the shop.
 */
export const UNPAID_UNITS_PER_CLIENT = 120;

export const UNPAID_HOLD_LIMIT_REASON = "unpaid-hold-limit";
export const FAIR_SHARE_REASON = "fair-share";

/**
 * The most copies one unpaid order may take of an item with `onShelf` copies left: half of them,
 * rounded up. The last copy can always be bought, but no single unpaid order empties a shelf that
 * has two or more. `server/orders/stock.ts` takes stock under the same rule.
 */
export function fairShare(onShelf: number): number {
  return Math.ceil(onShelf / 2);
}

export function fairShareError(title: string, onShelf: number): AppError {
  const most = fairShare(onShelf);
  return new AppError(
    "CONFLICT",
    `We can hold at most ${most} ${most === 1 ? "copy" : "copies"} of "${title}" for one order until it is paid. Please order fewer, or contact us for a larger order.`,
    undefined,
    FAIR_SHARE_REASON,
  );
}

/**
 * Refuses an order that would raise what its client holds in unpaid orders past
 * UNPAID_UNITS_PER_CLIENT. Runs inside the placing transaction after the client's lock: on
 * PostgreSQL a transaction-scoped advisory lock per client, so two orders of one client placed at
 * once are counted one after the other (SQLite runs one write transaction at a time anyway).
 * Orders staff moved to Shipped or Delivered hold nothing on the shelf and do not count.
 */
export async function refuseOverClientHoldLimit(
  trx: Kysely<Database>,
  input: { engine: DatabaseEngine; clientKey: string; units: number },
): Promise<void> {
  if (input.engine === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`unpaid-holds:${input.clientKey}`}, 0))`.execute(trx);
  }
  const held = await unitsHeldUnpaid(trx, input.clientKey);
  if (held + input.units <= UNPAID_UNITS_PER_CLIENT) return;
  const room = Math.max(0, UNPAID_UNITS_PER_CLIENT - held);
  throw new AppError(
    "RATE_LIMITED",
    held > 0
      ? `Orders waiting for payment from your connection already hold ${held} items, and we can hold up to ${UNPAID_UNITS_PER_CLIENT} at once${room > 0 ? ` (${room} more)` : ""}. Please pay for those orders first, order fewer items, or contact us for a larger order.`
      : `We can hold up to ${UNPAID_UNITS_PER_CLIENT} items for orders waiting for payment. Please order fewer items, or contact us for a larger order.`,
    undefined,
    UNPAID_HOLD_LIMIT_REASON,
  );
}

/** Units on the shelf held by a client's orders that await payment. */
export async function unitsHeldUnpaid(db: Kysely<Database>, clientKey: string): Promise<number> {
  const row = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_items.quantity"), sql<number>`0`).as("units"))
    .where("orders.client_key", "=", clientKey)
    .where("orders.payment_status", "=", "awaiting_payment")
    .where("orders.stock_taken", "=", true)
    .where("orders.status", "in", ["Pending", "Processing"])
    .executeTakeFirstOrThrow();
  return Number(row.units);
}
