import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import type { Clock } from "#server/services.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import { canMovePayment, type PaymentStatus } from "#common/orders/payment-status.ts";

export interface PaymentChange {
  orderId: string;
  paymentStatus: PaymentStatus;
  /** False when the order was already in that state (a double-click): nothing was written. */
  changed: boolean;
}

/**
 * Staff record a payment: an invoice order awaiting payment (the school paid), or a card order
 * flagged `needs_review` that staff accept. The payment moves to paid by a conditional write
 * (only from the state read), with `paid_at`, the amount, a history step and the
 * payment-received mail, in one transaction. Marking a paid order paid again changes nothing.
 * A card order still awaiting payment is Stripe's to confirm, never staff's. The id is checked by
 * the caller (orderActionSchema in the orders action); an unknown one is NOT_FOUND.
 */
export async function markOrderPaid(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { orderId: string },
): Promise<PaymentChange> {
  const { orderId } = input;
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
    if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
    const from = order.payment_status;
    if (from === "paid") return { orderId, paymentStatus: from, changed: false };
    if (order.status === "Cancelled") {
      throw new AppError("CONFLICT", "This order was cancelled, so it cannot be marked paid.", undefined, "cancelled");
    }
    const staffMayAccept =
      (from === "awaiting_payment" && order.payment_method === "invoice") || from === "needs_review";
    if (!staffMayAccept || !canMovePayment(from, "paid")) {
      throw new AppError(
        "CONFLICT",
        from === "awaiting_payment"
          ? "Card payments are confirmed by Stripe; this order cannot be marked paid by hand."
          : `A payment that is "${from.replace(/_/g, " ")}" cannot be marked paid.`,
        undefined,
        "illegal-payment-move",
      );
    }
    // A flagged card payment keeps the amount Stripe reported; an invoice is paid in full.
    const amountPaid =
      order.payment_method === "card" && order.amount_paid_cents > 0 ? order.amount_paid_cents : order.total_cents;
    // Part of a flagged payment may have been refunded meanwhile (in Stripe's dashboard, recorded
    // by its refund event): accepted, it is what the amounts say. A payment refunded in full is
    // never under review (recordRefund makes it refunded).
    const accepted: PaymentStatus = order.amount_refunded_cents > 0 ? "partially_refunded" : "paid";
    const moved = await trx
      .updateTable("orders")
      .set({
        payment_status: accepted,
        paid_at: now.toISOString(),
        amount_paid_cents: amountPaid,
        updated_at: now.toISOString(),
      })
      .where("id", "=", orderId)
      .where("payment_status", "=", from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return { orderId, paymentStatus: accepted, changed: false };
    await appendOrderHistory(trx, {
      orderId,
      status: "Payment received",
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: from === "needs_review" ? "Flagged payment accepted by staff" : "Marked paid by staff",
    });
    await queueOrderMail(trx, { orderId, kind: "payment-received", now });
    return { orderId, paymentStatus: accepted, changed: true };
  });
}
