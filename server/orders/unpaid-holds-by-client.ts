import { sql, type Kysely } from "kysely";
import type { Database, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { cancelOrder } from "./cancel-order.ts";
import type { OrderActionDeps } from "./refund-order.ts";

/** One client's unpaid orders that hold stock, for staff (decision 23). */
export interface UnpaidHoldGroup {
  /** The client's rate-limit key: an IPv4 address or an IPv6 /64. */
  clientKey: string;
  orders: number;
  units: number;
  oldestAt: Timestamp;
}

/** Groups listed at most: the largest holders first. */
const GROUPS_SHOWN = 20;
/** Orders one release cancels at most (a bounded request); the rest stay for the next click. */
export const RELEASE_BATCH = 100;

/** Which orders are unpaid holds: the rule of server/checkout/unpaid-holds.ts, for staff. */
function heldUnpaid(db: Kysely<Database>) {
  return db
    .selectFrom("orders")
    .where("orders.payment_status", "=", "awaiting_payment")
    .where("orders.stock_taken", "=", true)
    .where("orders.status", "in", ["Pending", "Processing"]);
}

/** Clients whose unpaid orders hold stock now, the largest holders first. */
export async function listUnpaidHoldsByClient(deps: { db: Kysely<Database> }): Promise<UnpaidHoldGroup[]> {
  // Most of the time nothing is held: one indexed probe spares the orders screen the grouping
  // (the dearest of the page's queries, for its temporary B-trees).
  const anyHeld = await heldUnpaid(deps.db).select("orders.id").limit(1).executeTakeFirst();
  if (!anyHeld) return [];
  const rows = await heldUnpaid(deps.db)
    .innerJoin("order_items", "order_items.order_id", "orders.id")
    .where("orders.client_key", "is not", null)
    .select((eb) => [
      "orders.client_key",
      eb.fn.count<number>("orders.id").distinct().as("orders"),
      eb.fn.sum<number>("order_items.quantity").as("units"),
      eb.fn.min("orders.order_date").as("oldest_at"),
    ])
    .groupBy("orders.client_key")
    .orderBy(sql`sum(order_items.quantity)`, "desc")
    .orderBy("orders.client_key")
    .limit(GROUPS_SHOWN)
    .execute();
  return rows.map((row) => ({
    clientKey: row.client_key!,
    orders: Number(row.orders),
    units: Number(row.units),
    oldestAt: String(row.oldest_at),
  }));
}

export interface ReleaseResult {
  clientKey: string;
  /** Orders cancelled by this call (their stock back on the shelf). */
  released: number;
  /** Orders left because they were paid (or cancelled) meanwhile. */
  skipped: number;
  /** Orders that could not be cancelled now (e.g. Stripe unreachable for a card order), with why. */
  failed: { orderId: string; message: string }[];
  /** Held orders of this client left for another release (more than RELEASE_BATCH). */
  remaining: number;
}

/**
 * Staff release everything one client holds unpaid: each order is cancelled as Cancel does
 * (`cancelOrder`: a card order's payment page closed at Stripe first, its stock back exactly once,
 * the payment voided, the cancelled mail queued), but only while it is still unpaid: an order paid
 * meanwhile, here or at Stripe, is left as it is, never refunded. One that cannot be cancelled now
 * is reported, the others go ahead.
 */
export async function releaseUnpaidHolds(deps: OrderActionDeps, input: { clientKey: string }): Promise<ReleaseResult> {
  const held = await heldUnpaid(deps.db)
    .select("orders.id")
    .where("orders.client_key", "=", input.clientKey)
    .orderBy("orders.order_date")
    .limit(RELEASE_BATCH + 1)
    .execute();
  if (held.length === 0) {
    throw new AppError("NOT_FOUND", "This client holds no unpaid orders now.", { reason: "no-holds" });
  }
  const result: ReleaseResult = { clientKey: input.clientKey, released: 0, skipped: 0, failed: [], remaining: 0 };
  for (const { id } of held.slice(0, RELEASE_BATCH)) {
    try {
      if ((await cancelOrder(deps, { orderId: id, onlyWhileUnpaid: true })).changed) result.released += 1;
      else result.skipped += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ orderId: id, message: error.message });
    }
  }
  result.remaining = Math.max(0, held.length - RELEASE_BATCH);
  return result;
}

/** The toast of a release: how many orders went, and what is left. */
export function describeReleaseResult(result: ReleaseResult): string {
  return [
    `${result.released} unpaid ${result.released === 1 ? "order" : "orders"} of ${result.clientKey} cancelled; their items are back in stock.`,
    result.skipped > 0
      ? `${result.skipped} paid or cancelled meanwhile ${result.skipped === 1 ? "was" : "were"} left as ${result.skipped === 1 ? "it was" : "they were"}.`
      : null,
    result.failed.length > 0
      ? `${result.failed.length} could not be cancelled now (${result.failed[0]!.message}); try again in a moment.`
      : null,
    result.remaining > 0 ? "More orders remain: release again." : null,
  ]
    .filter(Boolean)
    .join(" ");
}
