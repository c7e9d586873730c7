import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import { cancelOrder } from "./cancel-order.ts";
import { lockOrderRow } from "./lock-order-row.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import type { OrderStatusValue } from "#common/orders/order-status-schema.ts";
import type { Parcel } from "#common/orders/parcel-schema.ts";
import type { OrderActionDeps } from "./refund-order.ts";
import { addParcelsWithSteps, describeParcel, insertTrackingNumbers } from "./tracking-numbers.ts";

export interface OrderStatusUpdate {
  orderId: string;
  status: OrderStatus;
  updatedAt: Timestamp;
  /** False when the order already had this status: nothing was written. */
  changed: boolean;
}

/**
 * Sets an order's fulfilment status from the admin screen. Choosing "Cancelled" goes through the
 * cancel rules (stock back once, payment voided or refunded: `cancelOrder`); a cancelled order
 * is not reopened, since its stock and payment are gone. Any other status may follow any other.
 * The order's `updated_at` is set and a step is appended to its history in one transaction;
 * becoming Shipped stores the parcels' tracking numbers given with it (named in the step's staff
 * note) and queues the shipped mail (once per order, however often it is chosen), which is
 * rendered when sent and so lists them.
 * Choosing the status the order already has writes nothing: a repeated click must not add a
 * duplicate step to the customer's timeline; parcels posted with Shipped for an order already
 * shipped are still added (each number once), with a staff-only step.
 * The input is checked by the caller (orderStatusChangeSchema in the orders action: parcels only
 * with Shipped); an unknown order is NOT_FOUND.
 */
export async function updateOrderStatus(
  deps: OrderActionDeps,
  input: { orderId: string; status: OrderStatusValue; parcels?: readonly Parcel[] },
): Promise<OrderStatusUpdate> {
  const { orderId, status } = input;
  const parcels = status === "Shipped" ? (input.parcels ?? []) : [];
  if (status === "Cancelled") {
    const cancelled = await cancelOrder(deps, { orderId });
    return { orderId, status: cancelled.status, updatedAt: cancelled.updatedAt, changed: cancelled.changed };
  }
  const now = deps.clock();
  const updatedAt = now.toISOString();

  return deps.db.transaction().execute(async (trx) => {
    // Parcels are counted and checked for repeats against the order as this transaction holds it.
    if (parcels.length > 0) await lockOrderRow(trx, orderId);
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "updated_at"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
    if (order.status === status) {
      await addParcelsWithSteps(trx, { orderId: order.id, parcels, now });
      return { orderId: order.id, status, updatedAt: order.updated_at, changed: false };
    }
    const moved = await trx
      .updateTable("orders")
      .set({ status, updated_at: updatedAt })
      .where("id", "=", order.id)
      .where("status", "=", order.status)
      .where("status", "!=", "Cancelled")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      throw new AppError(
        "CONFLICT",
        order.status === "Cancelled"
          ? "This order was cancelled; a cancelled order cannot be reopened."
          : "This order was changed by someone else. Please reload and try again.",
        { reason: order.status === "Cancelled" ? "cancelled" : "changed" },
      );
    }
    const added = await insertTrackingNumbers(trx, { orderId: order.id, parcels, now });
    await appendOrderHistory(trx, {
      orderId: order.id,
      status,
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: added.length > 0 ? `Tracking: ${added.map(describeParcel).join(", ")}` : null,
    });
    if (status === "Shipped") await queueOrderMail(trx, { orderId: order.id, kind: "shipped", now });
    return { orderId: order.id, status, updatedAt, changed: true };
  });
}
