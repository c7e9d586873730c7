import type { Expression, ExpressionBuilder } from "kysely";
import type { Database, OrderStatus, SqlBool } from "#server/db/schema.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";

/** Fulfilment statuses of an order that has not left the warehouse yet. */
export const NOT_YET_SHIPPED: readonly OrderStatus[] = ["Pending", "Processing"];

/**
 * Whether the money side lets an order ship: paid (a partial refund leaves the rest paid), or an
 * invoice order still awaiting payment (schools pay on receipt, decision 9). A card order that
 * waits for, lost or failed its payment has nothing to ship; one in review waits for staff.
 */
export function paymentAllowsShipping(order: { paymentMethod: PaymentMethod | null; paymentStatus: PaymentStatus }) {
  if (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded") return true;
  return order.paymentMethod === "invoice" && order.paymentStatus === "awaiting_payment";
}

/** `paymentAllowsShipping` as SQL on the `orders` table, so lists and counts agree with it. */
export function paymentAllowsShippingSql(eb: ExpressionBuilder<Database, "orders">): Expression<SqlBool> {
  return eb.or([
    eb("orders.payment_status", "in", ["paid", "partially_refunded"]),
    eb.and([eb("orders.payment_method", "=", "invoice"), eb("orders.payment_status", "=", "awaiting_payment")]),
  ]);
}

/** An order waiting to ship: not shipped, delivered or cancelled, and its payment allows shipping. */
export function waitingToShipSql(eb: ExpressionBuilder<Database, "orders">): Expression<SqlBool> {
  return eb.and([eb("orders.status", "in", NOT_YET_SHIPPED), paymentAllowsShippingSql(eb)]);
}
