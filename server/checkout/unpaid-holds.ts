import { sql, type Kysely } from "kysely";
import type { DatabaseEngine } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { stockLineKey } from "#server/orders/stock.ts";

/**
 * What one client (its rate-limit key: an IPv4 address or an IPv6 /64) may hold in unpaid orders
 * at once, card and invoice together (decision 23). Sized for a church or school ordering a class
 * set of several titles; a larger order is paid first or arranged with the shop.
 */
export const UNPAID_UNITS_PER_CLIENT = 120;

/**
 * The same for a buyer whose organisation staff have verified (an approved tax-exemption
 * certificate): a church or school ordering forty copies of several titles by invoice. Such a
 * buyer is also spared the fair share below: staff know who holds the books, and release them
 * from the orders screen if they are never paid.
 */
export const UNPAID_UNITS_PER_VERIFIED_ORGANISATION = 1000;

export const UNPAID_HOLD_LIMIT_REASON = "unpaid-hold-limit";
export const FAIR_SHARE_REASON = "fair-share";

/**
 * The most copies one client's unpaid orders may hold of an item of which `copies` exist for them
 * (those left on the shelf plus those the client holds): half, rounded up. The last copy can
 * always be bought, but no client empties a shelf that has two or more copies without paying,
 * however it splits its orders. `server/orders/stock.ts` takes stock under the same rule.
 */
export function fairShare(copies: number): number {
  return Math.ceil(copies / 2);
}

export function fairShareError(title: string, input: { onShelf: number; heldByClient: number }): AppError {
  const most = fairShare(input.onShelf + input.heldByClient);
  const held = input.heldByClient;
  return new AppError(
    "CONFLICT",
    `We can hold at most ${most} ${most === 1 ? "copy" : "copies"} of "${title}" until they are paid${held > 0 ? `, and your orders waiting for payment already hold ${held}` : ""}. Please order fewer, or contact us for a larger order.`,
    { reason: FAIR_SHARE_REASON },
  );
}

/**
 * Takes the client's lock and refuses an order that would raise what the client holds in unpaid
 * orders past UNPAID_UNITS_PER_CLIENT; returns what it holds of each item (by `stockLineKey`) for
 * the fair share. Runs inside the placing transaction: on PostgreSQL a transaction-scoped advisory
 * lock per client, so two orders of one client placed at once are counted one after the other
 * (SQLite runs one write transaction at a time anyway). Orders staff moved to Shipped or Delivered
 * hold nothing on the shelf and do not count.
 */
export async function holdWithinClientLimits(
  trx: Kysely<Database>,
  input: { engine: DatabaseEngine; clientKey: string; units: number; verifiedOrganisation: boolean },
): Promise<Map<string, number>> {
  if (input.engine === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`unpaid-holds:${input.clientKey}`}, 0))`.execute(trx);
  }
  const limit = input.verifiedOrganisation ? UNPAID_UNITS_PER_VERIFIED_ORGANISATION : UNPAID_UNITS_PER_CLIENT;
  const byItem = await unpaidHoldsByItem(trx, input.clientKey);
  const held = [...byItem.values()].reduce((sum, units) => sum + units, 0);
  if (held + input.units <= limit) return byItem;
  const room = Math.max(0, limit - held);
  throw new AppError(
    "RATE_LIMITED",
    held > 0
      ? `Orders waiting for payment from your connection already hold ${held} items, and we can hold up to ${limit} at once${room > 0 ? ` (${room} more)` : ""}. Please pay for those orders first, order fewer items, or contact us for a larger order.`
      : `We can hold up to ${limit} items for orders waiting for payment. Please order fewer items, or contact us for a larger order.`,
    { reason: UNPAID_HOLD_LIMIT_REASON },
  );
}

/**
 * Books on the shelf held by a client's orders that await payment, per book: their book lines
 * and the books their bundle lines took (decision 38), so that a set and a single copy of one
 * title count together.
 */
async function unpaidHoldsByItem(db: Kysely<Database>, clientKey: string): Promise<Map<string, number>> {
  const held = db
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.client_key", "=", clientKey)
    .where("orders.payment_status", "=", "awaiting_payment")
    .where("orders.stock_taken", "=", true)
    .where("orders.status", "in", ["Pending", "Processing"]);
  const [lines, throughBundles] = await Promise.all([
    db
      .selectFrom("order_items")
      .select((eb) => ["order_items.book_id", eb.fn.sum<number>("order_items.quantity").as("units")])
      .where("order_items.order_id", "in", held)
      .where("order_items.bundle_id", "is", null)
      .groupBy("order_items.book_id")
      .execute(),
    db
      .selectFrom("order_bundle_units")
      .select((eb) => ["order_bundle_units.book_id", eb.fn.sum<number>("order_bundle_units.quantity").as("units")])
      .where("order_bundle_units.order_id", "in", held)
      .groupBy("order_bundle_units.book_id")
      .execute(),
  ]);
  const byItem = new Map<string, number>();
  for (const row of [...lines, ...throughBundles]) {
    if (!row.book_id) continue;
    const key = stockLineKey({ kind: "book", id: row.book_id });
    byItem.set(key, (byItem.get(key) ?? 0) + Number(row.units));
  }
  return byItem;
}
