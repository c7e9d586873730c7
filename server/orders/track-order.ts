import { sql } from "kysely";
import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import type { AppServices } from "#server/services.ts";
import { orderIdSchema } from "#common/orders/tracking-schema.ts";
import type { TrackingNumberView } from "#common/orders/carriers.ts";
import { customerTrackingNumbers, loadTrackingNumbers } from "./tracking-numbers.ts";

/** One step of an order's journey. */
export interface TrackingStep {
  status: string;
  location: string | null;
  occurredAt: Timestamp;
}

/**
 * What anyone who knows an order id may see. Deliberately nothing personal or commercial: no
 * e-mail, no address, no items, no totals, since the id is the only "credential" the page asks for.
 * The parcels' tracking numbers are shown (decision 31): the carrier's page tells no more than
 * this one does, and the numbers are what the customer came for.
 */
export interface OrderTracking {
  /** The id as stored (canonical letter case), whatever case was typed. */
  orderId: string;
  status: OrderStatus;
  orderDate: Timestamp;
  /** A date (YYYY-MM-DD) or null while not yet known. */
  estimatedDelivery: string | null;
  /** Newest first: the first step is the current one. */
  history: TrackingStep[];
  /** Each parcel's carrier and number, in the order they were added. */
  trackingNumbers: TrackingNumberView[];
}

/**
 * Looks an order up by id for the public Track Order page. The id is trimmed and compared
 * without regard to letter case; blank, over-long or oddly shaped ids are simply not found.
 */
export async function trackOrder(
  { db }: Pick<AppServices, "db">,
  input: { orderId: unknown },
): Promise<OrderTracking | null> {
  const parsed = orderIdSchema.safeParse(input.orderId);
  if (!parsed.success) return null;
  const orderId = parsed.data;

  // lower() on both sides: ids are ASCII-only (schema above), where SQLite's and PostgreSQL's
  // lower() agree with JavaScript's. An exact match wins should two ids differ only in case.
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "order_date", "estimated_delivery"])
    .where((eb) => eb(eb.fn("lower", ["id"]), "=", orderId.toLowerCase()))
    .orderBy(sql`case when id = ${orderId} then 0 else 1 end`)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!order) return null;

  const [steps, tracking] = await Promise.all([
    db
      .selectFrom("order_status_history")
      .select(["status", "location", "occurred_at"])
      .where("order_id", "=", order.id)
      // Staff-only steps (a payment flagged for review, a refund's details) are not the customer's.
      .where("customer_visible", "=", true)
      .orderBy("occurred_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    loadTrackingNumbers(db, [order.id]),
  ]);

  return {
    orderId: order.id,
    status: order.status,
    orderDate: order.order_date,
    estimatedDelivery: order.estimated_delivery,
    history: steps.map((step) => ({ status: step.status, location: step.location, occurredAt: step.occurred_at })),
    trackingNumbers: customerTrackingNumbers(tracking, order.id),
  };
}
