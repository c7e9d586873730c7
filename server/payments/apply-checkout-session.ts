import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import { appendOrderHistory } from "#server/orders/order-history.ts";
import { lockOrderRow } from "#server/orders/lock-order-row.ts";
import { canMovePayment, type PaymentStatus } from "#common/orders/payment-status.ts";
import { releaseOrderStock, retakeOrderStock } from "#server/orders/stock.ts";

/** What Stripe says happened to a Checkout Session, from an event or from retrieving the session. */
export type CheckoutSessionOutcome =
  /** The money arrived (completed with payment_status "paid", or async_payment_succeeded). */
  | "paid"
  /** Completed, but a delayed payment method (a bank debit) has not settled yet. */
  | "pending"
  /** A delayed payment method failed. */
  | "failed"
  /** The session expired unpaid. */
  | "expired";

/** The fields of a Checkout Session the transition needs (Stripe's names). */
export interface CheckoutSessionFacts {
  id: string;
  amount_total: number | null;
  currency: string | null;
  payment_intent: string | { id: string } | null;
}

export interface ApplyCheckoutDeps {
  logger: Logger;
}

/** What the transition did, for logs and tests. */
export type ApplyResult =
  | "paid"
  | "needs_review"
  | "pending"
  | "payment_failed"
  | "expired"
  /** Nothing to do: the order is already past this (a late or repeated event). */
  | "unchanged"
  | "unknown_order";

/** A delayed payment method (bank debit) may take days; the sweeper looks again after this. */
const PENDING_PAYMENT_GRACE_MS = 3 * 24 * 3600 * 1000;

const formatCents = (cents: number | null, currency: string | null) =>
  cents === null ? "no amount" : `${(cents / 100).toFixed(2)} ${(currency ?? "?").toUpperCase()}`;

/**
 * Moves an order's payment state to what its Checkout Session says, inside the caller's
 * transaction: the one transition used by the webhook, the return page and the sweeper, so
 * whichever of them learns first, the others find nothing left to do. The order row is locked
 * first (a no-op write: PostgreSQL holds the row until commit), so two of them never both act
 * on the same state; every move also only applies along `canMovePayment` and guarded by the
 * state it was read in, so a replayed or late event changes nothing.
 * - paid: amount and currency must match the order, else needs_review (staff-only note with both
 *   amounts); stock released earlier (expired or failed) is taken again, or needs_review when it
 *   is gone; then paid, the payment reference, "Payment received" and the two order mails.
 * - pending: stays awaiting payment, a staff-only note, and the sweeper waits longer.
 * - failed / expired: only from awaiting payment; the stock goes back (once), the order is
 *   Cancelled with the step "Payment not completed".
 * Expired or failed news about a session that is no longer the order's own (the buyer started
 * a new one) changes nothing.
 */
export async function applyCheckoutSession(
  deps: ApplyCheckoutDeps,
  trx: Transaction<Database>,
  input: { orderId: string; session: CheckoutSessionFacts; outcome: CheckoutSessionOutcome; now: Date },
): Promise<ApplyResult> {
  const { orderId, session, outcome, now } = input;
  const nowIso = now.toISOString();
  // Lock the row before reading it (see above).
  await lockOrderRow(trx, orderId);
  const order = await trx
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "payment_status",
      "payment_method",
      "total_cents",
      "currency",
      "stripe_session_id",
      "stock_taken",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.payment_method !== "card") return "unknown_order";
  const from = order.payment_status;

  const moveTo = async (to: PaymentStatus, set: Record<string, unknown> = {}) => {
    const result = await trx
      .updateTable("orders")
      .set({ ...set, payment_status: to, updated_at: nowIso })
      .where("id", "=", order.id)
      .where("payment_status", "=", from)
      .executeTakeFirst();
    // The row is locked, so this cannot miss; if it ever does, fail loudly and let the caller retry.
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`order ${order.id} changed while being updated`);
  };

  if (outcome === "paid") {
    if (!canMovePayment(from, "paid")) {
      if (from === "voided") {
        // Money for an order already voided: staff must refund it. Say so where they look.
        deps.logger.warn({ orderId: order.id, sessionId: session.id }, "card payment for a voided order");
        await appendOrderHistory(trx, {
          orderId: order.id,
          status: "Payment received after the order was voided",
          at: now,
          customerVisible: false,
          note: `Stripe took ${formatCents(session.amount_total, session.currency)} (session ${session.id}); refund it in Stripe.`,
        });
      }
      return "unchanged";
    }
    const paymentIntent =
      typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    const amountMatches =
      session.amount_total === order.total_cents &&
      (session.currency ?? "").toLowerCase() === order.currency.toLowerCase();
    const flag = async (reason: string) => {
      if (!canMovePayment(from, "needs_review")) return "unchanged" as const;
      // What Stripe took is recorded, so that staff can refund it (in full) or accept it.
      await moveTo("needs_review", {
        payment_reference: paymentIntent ?? null,
        amount_paid_cents: session.amount_total ?? 0,
      });
      await appendOrderHistory(trx, {
        orderId: order.id,
        status: "Payment needs review",
        at: now,
        customerVisible: false,
        note: reason,
      });
      deps.logger.warn({ orderId: order.id, sessionId: session.id }, "card payment flagged for review");
      return "needs_review" as const;
    };
    if (!amountMatches) {
      return flag(
        `Stripe reported ${formatCents(session.amount_total, session.currency)}, the order total is ` +
          `${formatCents(order.total_cents, order.currency)} (session ${session.id}).`,
      );
    }
    if (!order.stock_taken && !(await retakeOrderStock(trx, order.id))) {
      return flag(
        `Paid ${formatCents(session.amount_total, session.currency)} after the payment had ${
          from === "expired" ? "expired" : "failed"
        }, and the stock is no longer there (session ${session.id}). Ship it if stock comes back, or refund it.`,
      );
    }
    // An order cancelled because its payment had expired or failed is live again.
    const reopened = from !== "awaiting_payment" && order.status === "Cancelled";
    await moveTo("paid", {
      payment_reference: paymentIntent ?? null,
      paid_at: nowIso,
      amount_paid_cents: session.amount_total,
      payment_expires_at: null,
      ...(reopened ? { status: "Pending" } : {}),
    });
    await appendOrderHistory(trx, { orderId: order.id, status: "Payment received", at: now });
    await queueOrderMail(trx, { orderId: order.id, kind: "order-confirmation", now });
    await queueOrderMail(trx, { orderId: order.id, kind: "new-order-notice", now });
    return "paid";
  }

  if (outcome === "pending") {
    if (from !== "awaiting_payment") return "unchanged";
    await moveTo("awaiting_payment", {
      payment_expires_at: new Date(now.getTime() + PENDING_PAYMENT_GRACE_MS).toISOString(),
    });
    await appendOrderHistory(trx, {
      orderId: order.id,
      status: "Payment processing",
      at: now,
      customerVisible: false,
      note: `The buyer chose a payment method that settles later; Stripe will confirm it (session ${session.id}).`,
    });
    return "pending";
  }

  const to = outcome === "failed" ? "payment_failed" : "expired";
  if (!canMovePayment(from, to) || from !== "awaiting_payment") return "unchanged";
  if (order.stripe_session_id && order.stripe_session_id !== session.id) return "unchanged";
  const reason = outcome === "failed" ? "The card payment failed." : "The card payment was not completed in time.";
  if (order.status === "Shipped" || order.status === "Delivered") {
    // Staff sent it before the money came (the status list allows any move): the goods are gone,
    // so the order is neither cancelled nor counted back into stock; staff are told instead.
    await moveTo(to, { payment_expires_at: null });
    await appendOrderHistory(trx, {
      orderId: order.id,
      status: "Payment not completed",
      at: now,
      customerVisible: false,
      note: `${reason} The order was already ${order.status.toLowerCase()}: collect the payment another way.`,
    });
    deps.logger.warn({ orderId: order.id, sessionId: session.id }, "card payment not completed for a shipped order");
    return to;
  }
  await moveTo(to, { status: "Cancelled", payment_expires_at: null });
  await releaseOrderStock(trx, order.id);
  await appendOrderHistory(trx, { orderId: order.id, status: "Payment not completed", at: now, note: reason });
  return to;
}

/**
 * What a completed Checkout Session says: paid when Stripe took the money, or when nothing was to
 * be paid and its total is zero (then only an order whose total is zero matches it); pending while
 * a delayed payment settles. "No payment required" on a session with a total is no payment: null.
 */
export function outcomeOfCompletedSession(session: {
  payment_status: string;
  amount_total: number | null;
}): CheckoutSessionOutcome | null {
  if (session.payment_status === "paid") return "paid";
  if (session.payment_status === "unpaid") return "pending";
  if (session.payment_status === "no_payment_required" && session.amount_total === 0) return "paid";
  return null;
}

/**
 * What a Checkout Session retrieved from Stripe says (the return page, the sweeper and a
 * cancellation ask when no webhook came): null while it is still open.
 */
export function outcomeOfRetrievedSession(session: {
  status: string | null;
  payment_status: string;
  amount_total: number | null;
}): CheckoutSessionOutcome | null {
  if (session.status === "complete") return outcomeOfCompletedSession(session);
  if (session.status === "expired") return "expired";
  return null;
}
