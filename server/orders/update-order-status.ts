import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import { cancelOrder } from "./cancel-order.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import type { OrderStatusValue } from "#common/orders/order-status-schema.ts";
import type { OrderActionDeps } from "./refund-order.ts";

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
 * becoming Shipped queues the shipped mail (once per order, however often it is chosen).
 * Choosing the status the order already has writes nothing: a repeated click must not add a
 * duplicate step to the customer's timeline.
 * The input is checked by the caller (orderStatusChangeSchema in the orders action); an unknown
 * order is NOT_FOUND.
 */
export async function updateOrderStatus(
  deps: OrderActionDeps,
  input: { orderId: string; status: OrderStatusValue },
): Promise<OrderStatusUpdate> {
  const { orderId, status } = input;
  if (status === "Cancelled") {
    const cancelled = await cancelOrder(deps, { orderId });
    return { orderId, status: cancelled.status, updatedAt: cancelled.updatedAt, changed: cancelled.changed };
  }
  const now = deps.clock();
  const updatedAt = now.toISOString();

  return deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "updated_at"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
    if (order.status === status) {
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
    await appendOrderHistory(trx, { orderId: order.id, status, location: STAFF_STATUS_LOCATION, at: now });
    if (status === "Shipped") await queueOrderMail(trx, { orderId: order.id, kind: "shipped", now });
    return { orderId: order.id, status, updatedAt, changed: true };
  });
}
