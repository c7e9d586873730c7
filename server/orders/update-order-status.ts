import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, OrderStatus, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { orderStatusChangeSchema } from "./order-status-schema.ts";

/** Where a status set by staff happened, as the Track Order timeline shows it. */
export const STAFF_STATUS_LOCATION = "Store";

export interface OrderStatusUpdate {
  orderId: string;
  status: OrderStatus;
  updatedAt: Timestamp;
  /** False when the order already had this status: nothing was written. */
  changed: boolean;
}

/**
 * Sets an order's status from the admin screen. Any status may follow any other. The order's
 * `updated_at` is set and a step is appended to its tracking history, in one transaction, so the
 * Track Order page shows the change. Choosing the status the order already has writes nothing:
 * a repeated click must not add a duplicate step to the customer's timeline.
 * Throws VALIDATION for anything but the five statuses, NOT_FOUND for an unknown order.
 */
export async function updateOrderStatus(
  db: Kysely<Database>,
  input: { orderId: unknown; status: unknown },
  now = new Date(),
): Promise<OrderStatusUpdate> {
  const parsed = orderStatusChangeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("VALIDATION", issue.message, { [String(issue.path[0] ?? "status")]: issue.message });
  }
  const { orderId, status } = parsed.data;
  const updatedAt = now.toISOString();

  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "updated_at"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
    if (order.status === status) {
      return { orderId: order.id, status, updatedAt: order.updated_at, changed: false };
    }

    await trx.updateTable("orders").set({ status, updated_at: updatedAt }).where("id", "=", order.id).execute();
    await trx
      .insertInto("order_status_history")
      .values({
        id: randomUUID(),
        order_id: order.id,
        status,
        location: STAFF_STATUS_LOCATION,
        occurred_at: updatedAt,
      })
      .execute();
    return { orderId: order.id, status, updatedAt, changed: true };
  });
}
