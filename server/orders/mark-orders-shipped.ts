import { AppError } from "#server/errors/app-error.ts";
import type { Parcel } from "#common/orders/parcel-schema.ts";
import { paymentAllowsShipping } from "./ready-to-ship.ts";
import type { OrderActionDeps } from "./refund-order.ts";
import { updateOrderStatus } from "./update-order-status.ts";

/** Why one order of a bulk "Mark shipped" was left alone. */
export type ShipSkipReason = "already-shipped" | "delivered" | "cancelled" | "not-paid" | "not-found" | "changed";

export const SHIP_SKIP_TEXT: Record<ShipSkipReason, string> = {
  "already-shipped": "already shipped",
  delivered: "already delivered",
  cancelled: "cancelled",
  "not-paid": "not paid yet",
  "not-found": "not found",
  changed: "changed by someone else",
};

export interface MarkOrdersShippedResult {
  /** Orders this call moved to Shipped. */
  shipped: string[];
  skipped: { orderId: string; reason: ShipSkipReason }[];
  /** Skipped orders that were given a tracking number: it was not saved either. */
  trackingNotSaved: string[];
}

/**
 * Marks several orders Shipped, each by itself through `updateOrderStatus` (its own transaction,
 * history step and shipped mail), so one order that cannot move never blocks the others. An order
 * is skipped, with the reason, when it is already Shipped or Delivered, cancelled, not found, or
 * its payment does not allow shipping (an unpaid card order; invoice orders may ship unpaid).
 * A retry of the same request changes nothing more: its orders now answer "already shipped".
 * A tracking number given for an order ships with it (its history step, its mail); a skipped
 * order's is not saved, and the result says so.
 * The ids are checked by the caller (bulkShipOrdersSchema in the orders action: one to
 * BULK_ORDER_LIMIT, each read once, at most one parcel per ticked order).
 */
export async function markOrdersShipped(
  deps: OrderActionDeps,
  input: { orderIds: readonly string[]; parcels?: readonly (Parcel & { orderId: string })[] },
): Promise<MarkOrdersShippedResult> {
  const orderIds = [...new Set(input.orderIds)];
  // An empty `in ()` is not SQL: nothing chosen, nothing to do.
  if (orderIds.length === 0) return { shipped: [], skipped: [], trackingNotSaved: [] };
  const parcelsOf = (orderId: string): Parcel[] =>
    (input.parcels ?? [])
      .filter((parcel) => parcel.orderId === orderId)
      .map(({ carrier, trackingNumber }) => ({ carrier, trackingNumber }));
  const orders = await deps.db
    .selectFrom("orders")
    .select(["id", "status", "payment_method", "payment_status"])
    .where("id", "in", orderIds)
    .execute();
  const byId = new Map(orders.map((order) => [order.id, order]));

  const result: MarkOrdersShippedResult = { shipped: [], skipped: [], trackingNotSaved: [] };
  const skip = (orderId: string, reason: ShipSkipReason) => {
    result.skipped.push({ orderId, reason });
    if (parcelsOf(orderId).length > 0) result.trackingNotSaved.push(orderId);
  };
  for (const orderId of orderIds) {
    const order = byId.get(orderId);
    const reason = !order
      ? "not-found"
      : order.status === "Shipped"
        ? "already-shipped"
        : order.status === "Delivered"
          ? "delivered"
          : order.status === "Cancelled"
            ? "cancelled"
            : paymentAllowsShipping({ paymentMethod: order.payment_method, paymentStatus: order.payment_status })
              ? null
              : "not-paid";
    if (reason) {
      skip(orderId, reason);
      continue;
    }
    try {
      const update = await updateOrderStatus(deps, { orderId, status: "Shipped", parcels: parcelsOf(orderId) });
      if (update.changed) result.shipped.push(orderId);
      // Shipped meanwhile by someone else: its parcel was still added (updateOrderStatus).
      else result.skipped.push({ orderId, reason: "already-shipped" });
    } catch (error) {
      // Changed between the read above and the write (another admin, a webhook): say so, go on.
      if (!(error instanceof AppError)) throw error;
      skip(orderId, error.code === "NOT_FOUND" ? "not-found" : error.reason === "cancelled" ? "cancelled" : "changed");
    }
  }
  return result;
}

/** The toast's sentence: how many shipped, and which were skipped and why. */
export function describeShipResult(result: MarkOrdersShippedResult): string {
  const shipped = `${result.shipped.length} ${result.shipped.length === 1 ? "order" : "orders"} marked shipped.`;
  if (result.skipped.length === 0) return shipped;
  const listed = result.skipped.slice(0, 5).map((s) => `${s.orderId} (${SHIP_SKIP_TEXT[s.reason]})`);
  const more = result.skipped.length > 5 ? ` and ${result.skipped.length - 5} more` : "";
  const unsaved =
    result.trackingNotSaved.length > 0
      ? ` Their tracking numbers were not saved: ${result.trackingNotSaved.slice(0, 5).join(", ")}${result.trackingNotSaved.length > 5 ? " and more" : ""}.`
      : "";
  return `${shipped} ${result.skipped.length} skipped: ${listed.join(", ")}${more}.${unsaved}`;
}
