import { AppError } from "#server/errors/app-error.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import { releaseOrderStock } from "./stock.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import { canMovePayment, REFUNDABLE_PAYMENT_STATUSES, type PaymentStatus } from "#common/orders/payment-status.ts";
import { refundOrderAmount, type RefundDeps } from "./refund-order.ts";
import { applyCheckoutSession, outcomeOfRetrievedSession } from "#server/payments/apply-checkout-session.ts";
import { closeCardSession, UNKNOWN_SESSION_NOTE } from "#server/payments/close-card-session.ts";
import { createStripeClient } from "#server/payments/stripe-client.ts";
import { loadStripeSecretKey } from "#server/payments/stripe-keys.ts";

export interface CancelResult {
  orderId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  updatedAt: Timestamp;
  /** This call gave the order's units back to stock. */
  stockReturned: boolean;
  /** Refunded through Stripe by this call (a paid card order); 0 otherwise. */
  refundedCents: number;
  /** False when the order was already cancelled (a double-click): nothing was written. */
  changed: boolean;
}

const NOT_CANCELLABLE: readonly OrderStatus[] = ["Shipped", "Delivered", "Cancelled"];

/**
 * Staff cancel an order that has not left the store: its status becomes Cancelled, its units go
 * back to stock exactly once (`releaseOrderStock`), a payment still awaited is voided (a card
 * order's payment page at Stripe is closed first, so the buyer cannot pay for it afterwards), and
 * a paid card order is refunded in full through Stripe first (so a refused refund leaves the
 * order as it was). A paid invoice order keeps its payment: the school paid outside the shop, and staff record
 * the money they return with Refund. Queues the cancelled mail. Cancelling twice changes nothing;
 * a shipped or delivered order cannot be cancelled. The id is checked by the caller (the orders
 * action parses the form with orderActionSchema); an unknown one is NOT_FOUND.
 */
export async function cancelOrder(
  deps: RefundDeps,
  input: { orderId: string; onlyWhileUnpaid?: boolean },
): Promise<CancelResult> {
  const { orderId, onlyWhileUnpaid = false } = input;
  const readOrder = () => deps.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  let order = await readOrder();
  if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
  if (order.status === "Cancelled") return unchanged(order);
  refuseShipped(order.status);

  let pageUnknownToStripe = false;
  if (order.payment_method === "card" && order.payment_status === "awaiting_payment" && order.stripe_session_id) {
    pageUnknownToStripe = (await closePaymentPage(deps, { orderId, sessionId: order.stripe_session_id })) === "unknown";
    order = (await readOrder())!;
    if (order.status === "Cancelled") return unchanged(order);
  }
  // A release of unpaid holds leaves an order that got paid meanwhile (here, or at Stripe just now).
  if (onlyWhileUnpaid && order.payment_status !== "awaiting_payment") return unchanged(order);

  let refundedCents = 0;
  const moneyHeld = order.amount_paid_cents - order.amount_refunded_cents;
  if (order.payment_method === "card" && moneyHeld > 0 && REFUNDABLE_PAYMENT_STATUSES.includes(order.payment_status)) {
    refundedCents = (await refundOrderAmount(deps, { orderId, amountCents: null, purpose: "cancel", queueMail: false }))
      .refundedCents;
  }

  const now = deps.clock();
  const updatedAt = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("orders")
      .set({ status: "Cancelled", updated_at: updatedAt })
      .where("id", "=", orderId)
      .where("status", "not in", NOT_CANCELLABLE)
      .$if(onlyWhileUnpaid, (update) => update.where("payment_status", "=", "awaiting_payment"))
      .executeTakeFirst();
    const current = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    if (Number(moved.numUpdatedRows) !== 1) {
      // Another request got there first: cancelled (fine, nothing to do), paid (a release leaves
      // it) or shipped (say so).
      if (current.status === "Cancelled") return unchanged(current);
      if (onlyWhileUnpaid && current.payment_status !== "awaiting_payment") return unchanged(current);
      refuseShipped(current.status);
    }
    const stockReturned = await releaseOrderStock(trx, orderId);
    const notes = [stockReturned ? "Stock returned" : null, pageUnknownToStripe ? UNKNOWN_SESSION_NOTE : null];
    let paymentStatus = current.payment_status;
    const unpaid = current.amount_paid_cents - current.amount_refunded_cents <= 0;
    if (unpaid && canMovePayment(paymentStatus, "voided")) {
      const voided = await trx
        .updateTable("orders")
        .set({ payment_status: "voided" })
        .where("id", "=", orderId)
        .where("payment_status", "=", paymentStatus)
        .executeTakeFirst();
      if (Number(voided.numUpdatedRows) === 1) {
        paymentStatus = "voided";
        notes.push("Payment voided");
      }
    }
    if (refundedCents > 0) notes.push("Refunded in full through Stripe");
    if (current.payment_method === "invoice" && paymentStatus === "paid") {
      notes.push("Paid by invoice: record the refund once the money is returned");
    }
    await appendOrderHistory(trx, {
      orderId,
      status: "Cancelled",
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: notes.filter(Boolean).join("; ") || null,
    });
    await queueOrderMail(trx, { orderId, kind: "cancelled", now });
    return {
      orderId,
      status: "Cancelled",
      paymentStatus,
      updatedAt,
      stockReturned,
      refundedCents,
      changed: true,
    };
  });
}

function refuseShipped(status: OrderStatus): void {
  if (status === "Shipped" || status === "Delivered") {
    throw new AppError(
      "CONFLICT",
      `This order has already been ${status.toLowerCase()}, so it can no longer be cancelled.`,
      undefined,
      "already-shipped",
    );
  }
}

function unchanged(order: {
  id: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  updated_at: Timestamp;
}): CancelResult {
  return {
    orderId: order.id,
    status: order.status,
    paymentStatus: order.payment_status,
    updatedAt: order.updated_at,
    stockReturned: false,
    refundedCents: 0,
    changed: false,
  };
}

/**
 * Closes an unpaid card order's payment page at Stripe before staff cancel it. A payment Stripe
 * took in the meantime is recorded as the webhook would record it, and the cancellation then
 * refunds it; a payment still settling (a bank debit) cannot be refunded yet, so the order stays.
 * Nothing changes here when Stripe cannot be asked: the order is not cancelled. A page the
 * account behind the current key does not know ("unknown": the keys were changed since) cannot
 * be paid through on this account, and the order is cancelled.
 */
async function closePaymentPage(
  deps: RefundDeps,
  input: { orderId: string; sessionId: string },
): Promise<"closed" | "unknown"> {
  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) {
    throw new AppError(
      "UNAVAILABLE",
      "The Stripe secret key is not set in Store Settings, so Stripe cannot close this order's payment page. The order was not cancelled.",
      undefined,
      "stripe-not-configured",
    );
  }
  let session: Awaited<ReturnType<typeof closeCardSession>>;
  try {
    session = await closeCardSession(await createStripeClient(secretKey, deps.env), input);
  } catch (error) {
    deps.logger.warn({ err: error, orderId: input.orderId }, "Stripe could not close a payment page");
    throw new AppError(
      "UNAVAILABLE",
      "Stripe could not close this order's payment page, so the order was not cancelled. Please try again.",
      undefined,
      "stripe-close-failed",
    );
  }
  if (!session) {
    deps.logger.warn({ orderId: input.orderId }, "Stripe does not know a card order's payment page");
    return "unknown";
  }
  const outcome = outcomeOfRetrievedSession(session);
  if (outcome === "pending") {
    throw new AppError(
      "CONFLICT",
      "Stripe is still settling this order's payment. Cancel the order once the payment has arrived.",
      undefined,
      "payment-settling",
    );
  }
  if (outcome === "paid") {
    await deps.db
      .transaction()
      .execute((trx) =>
        applyCheckoutSession(deps, trx, { orderId: input.orderId, session, outcome, now: deps.clock() }),
      );
  }
  return "closed";
}
