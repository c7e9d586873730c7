import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** Where a change made by staff happened, as the Track Order timeline shows it. */
export const STAFF_STATUS_LOCATION = "Store";

export interface OrderHistoryStep {
  orderId: string;
  /** What the customer (or staff) reads: "Order Placed", "Payment received", "Shipped", … */
  status: string;
  location?: string | null;
  at: Date;
  /** False for staff-only steps; Track Order leaves them out. Default true. */
  customerVisible?: boolean;
  /** Staff detail (an amount, a reason); never shown to customers. */
  note?: string | null;
}

/** Appends one step to an order's history. Every change of either axis of an order writes one. */
export async function appendOrderHistory(db: Kysely<Database>, step: OrderHistoryStep): Promise<void> {
  await db
    .insertInto("order_status_history")
    .values({
      id: randomUUID(),
      order_id: step.orderId,
      status: step.status,
      location: step.location ?? null,
      occurred_at: step.at.toISOString(),
      customer_visible: step.customerVisible ?? true,
      note: step.note ?? null,
    })
    .execute();
}
