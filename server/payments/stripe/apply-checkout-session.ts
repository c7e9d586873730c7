import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import {
  applyPaymentOutcome,
  type PaymentMoveResult,
  type PaymentOutcome,
  type PaymentProcessDeps,
  type ReportedPayment,
} from "#server/orders/payment-process.ts";

/** The fields of a Checkout Session the transition needs (Stripe's names). */
export interface CheckoutSessionFacts {
  id: string;
  amount_total: number | null;
  currency: string | null;
  payment_intent: string | { id: string } | null;
}

/**
 * Tells the payment process what a Checkout Session says (`applyPaymentOutcome`), inside the
 * caller's transaction: the webhook, the return page and the sweeper all come here, so
 * whichever of them learns first, the others find nothing left to do.
 */
export function applyCheckoutSession(
  deps: PaymentProcessDeps,
  trx: Transaction<Database>,
  input: { orderId: string; session: CheckoutSessionFacts; outcome: PaymentOutcome; now: Date },
): Promise<PaymentMoveResult> {
  const { orderId, session, outcome, now } = input;
  return applyPaymentOutcome(deps, trx, { orderId, payment: reportedPayment(session), outcome, now });
}

/** A Checkout Session in the payment process's words. */
export function reportedPayment(session: CheckoutSessionFacts): ReportedPayment {
  return {
    provider: "Stripe",
    pageId: session.id,
    pageLabel: `session ${session.id}`,
    amountCents: session.amount_total,
    currency: session.currency,
    reference:
      typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
  };
}

/**
 * What a completed Checkout Session says: paid when Stripe took the money, or when nothing was to
 * be paid and its total is zero (then only an order whose total is zero matches it); pending while
 * a delayed payment settles. "No payment required" on a session with a total is no payment: null.
 */
export function outcomeOfCompletedSession(session: {
  payment_status: string;
  amount_total: number | null;
}): PaymentOutcome | null {
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
}): PaymentOutcome | null {
  if (session.status === "complete") return outcomeOfCompletedSession(session);
  if (session.status === "expired") return "expired";
  return null;
}
