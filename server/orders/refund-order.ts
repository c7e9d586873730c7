import type { Kysely, Selectable } from "kysely";
import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { formatMoney } from "#common/money/money.ts";
import { loadStripeSecretKey } from "#server/payments/stripe-keys.ts";
import { createStripeClient } from "#server/payments/stripe-client.ts";
import type { Clock } from "#server/services.ts";
import { canMovePayment, REFUNDABLE_PAYMENT_STATUSES, type PaymentStatus } from "#common/orders/payment-status.ts";
import { currentPaymentStatus, recordRefund, refundEventId, SHOP_REFUND_ATTEMPT_METADATA } from "./record-refund.ts";

export interface RefundDeps {
  db: Kysely<Database>;
  clock: Clock;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
  logger: Logger;
}

export interface RefundResult {
  orderId: string;
  paymentStatus: PaymentStatus;
  /** What this call refunded; 0 when it changed nothing. */
  refundedCents: number;
  currency: string;
  /** False when an identical refund (a double-click) was already recorded. */
  changed: boolean;
}

/**
 * Staff refund a paid order, in full (no amount) or in part. A card order is refunded through
 * Stripe's API; an invoice order was paid outside the shop, so its refund records the money
 * staff returned themselves (no Stripe call). See `refundOrderAmount`. The input is as
 * refundOrderSchema parses the form (the orders action): `amount` in cents, null for all that is
 * left; the use case still refuses more than is left to refund.
 */
export async function refundOrder(
  deps: RefundDeps,
  input: { orderId: string; amount: number | null; requestId?: string | undefined; refundedBefore?: number | null },
): Promise<RefundResult> {
  const { orderId, amount, requestId, refundedBefore } = input;
  return refundOrderAmount(deps, {
    orderId,
    amountCents: amount,
    purpose: "refund",
    queueMail: true,
    requestId: requestId || undefined,
    refundedBefore: refundedBefore ?? undefined,
  });
}

/**
 * Refunds `amountCents` (null: all that is left) of an order's payment. Stripe is called before
 * the database is written (never inside a transaction: a slow Stripe would hold the lock), with
 * an idempotency key made of the order, the purpose, the amount refunded so far and this
 * amount, and nothing else: a double-click, or a retry after a failure between Stripe's answer
 * and our write (from the same form or a reloaded one), gets the same refund back from Stripe
 * instead of a second one. A form's request id is recorded with the refund, so the same post
 * arriving after the first was written (when the amount refunded so far has moved) changes
 * nothing. The write is conditional on the refunded amount read before, so only one of two
 * identical requests records it.
 */
export async function refundOrderAmount(
  deps: RefundDeps,
  input: {
    orderId: string;
    amountCents: number | null;
    purpose: "refund" | "cancel";
    queueMail: boolean;
    /** The form's id of this refund (see refundOrderSchema): the same id again changes nothing. */
    requestId?: string | undefined;
    /** The refunded total the form showed (see refundOrderSchema); another total now is refused. */
    refundedBefore?: number | undefined;
  },
): Promise<RefundResult> {
  const order = await deps.db.selectFrom("orders").selectAll().where("id", "=", input.orderId).executeTakeFirst();
  if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
  const from = order.payment_status;
  const currency = order.currency;
  const unchanged: RefundResult = {
    orderId: order.id,
    paymentStatus: from,
    refundedCents: 0,
    currency,
    changed: false,
  };
  const remaining = order.amount_paid_cents - order.amount_refunded_cents;
  if (from === "refunded" && input.amountCents === null) return unchanged;
  const refundable = REFUNDABLE_PAYMENT_STATUSES.includes(from);
  if (!refundable || remaining <= 0 || order.payment_method === null) {
    throw new AppError("CONFLICT", "Only a paid order can be refunded.", undefined, "not-refundable");
  }
  const amount = input.amountCents ?? remaining;
  if (amount > remaining) {
    const message = `That is more than is left to refund (${formatMoney(remaining, currency)}).`;
    throw new AppError("VALIDATION", message, { amount: message });
  }
  const planned: PaymentStatus = amount === remaining ? "refunded" : "partially_refunded";
  if (!canMovePayment(from, planned)) {
    const message =
      from === "needs_review"
        ? "A payment under review can only be refunded in full."
        : `A payment that is "${from.replace(/_/g, " ")}" cannot be refunded.`;
    throw new AppError("CONFLICT", message, undefined, "illegal-payment-move");
  }

  // A card payment's refunds at Stripe, listed first: what the shop has not recorded (below), and
  // which failed. The card toggle may be off by now: a past card payment is still refunded.
  const stripe = order.payment_method === "card" ? await stripeForRefunds(deps, order.payment_reference) : null;
  const atStripe = stripe ? await refundsAtStripe(deps, stripe, order) : { unrecorded: [], failed: new Set<string>() };
  // The attempt names Stripe's idempotency key; never the form's id: a retry after Stripe
  // refunded but our write failed comes from a new form (the page reloaded, or the dialog opened
  // again) and must get the same refund back. A refund Stripe failed gave its amount back to the
  // refunded total, or never counted: counting the failed ones makes the refund made again a new
  // one, not the failed one replayed from Stripe's idempotency cache.
  const failedCount = atStripe.failed.size;
  const attempt = `${input.purpose}:${order.amount_refunded_cents}:${amount}${failedCount > 0 ? `:after-${failedCount}-failed` : ""}`;
  // Read after the order: a post that read the order before the same post's refund was written
  // has the same key below, and one that reads it after finds the request recorded here. A
  // cancellation has no form id: its attempt is its id (cancelling again after that refund
  // failed is a new attempt).
  const requestKey = input.requestId ?? (input.purpose === "cancel" ? attempt : null);
  const requestEventId = requestKey ? `refund-request:${order.id}:${requestKey}` : null;
  if (requestEventId) {
    const seen = await deps.db
      .selectFrom("payment_events")
      .select("id")
      .where("id", "=", requestEventId)
      .executeTakeFirst();
    if (seen) return { ...unchanged, paymentStatus: await currentPaymentStatus(deps.db, order.id) };
  }
  if (input.refundedBefore !== undefined && input.refundedBefore !== order.amount_refunded_cents) {
    throw new AppError(
      "CONFLICT",
      `This order's refunds changed since this form was opened: ${formatMoney(order.amount_refunded_cents, currency)} is refunded now. Please check what is left to refund before refunding more.`,
      undefined,
      "refunds-changed",
    );
  }
  const record = { order, requestEventId, queueMail: input.queueMail };
  if (!stripe) {
    return recordRefundNow(deps, { ...record, refundId: `manual:${order.id}:${attempt}`, amount });
  }

  // Refunds Stripe made that the shop never recorded (its write failed after Stripe answered, or
  // the owner refunded in Stripe's dashboard and its event has not arrived) are recorded first,
  // so a retry with another amount cannot refund the same money twice.
  const found = atStripe.unrecorded;
  if (found.length > 0) {
    let same: RefundResult | null = null;
    let recordedHere = 0;
    for (const refund of found) {
      const isThisAttempt = refund.metadata?.[SHOP_REFUND_ATTEMPT_METADATA] === attempt;
      const recorded = await recordRefundNow(deps, {
        ...record,
        // The form's id goes with its own refund only: sent again, a post whose amount was not
        // refunded must not find itself done.
        requestEventId: isThisAttempt ? requestEventId : null,
        refundId: refund.id,
        amount: refund.amount,
        origin: isThisAttempt ? "shop" : "found-at-stripe",
      });
      if (isThisAttempt) same = recorded;
      else if (recorded.changed) recordedHere += refund.amount;
    }
    // This very refund, made by an earlier try whose write failed, or by the same post sent twice
    // at once (which recorded it first): it is done.
    if (same && recordedHere === 0) return same;
    if (recordedHere === 0) {
      throw new AppError("CONFLICT", "This order changed while it was being refunded. Please reload it and check.");
    }
    throw new AppError(
      "CONFLICT",
      `Stripe had already refunded ${formatMoney(recordedHere, currency)} of this order that the shop had not recorded. It is recorded now: please check what is left to refund before refunding more.`,
      undefined,
      "refund-found-at-stripe",
    );
  }
  const refundId = await createStripeRefund(deps, stripe, { orderId: order.id, amount, attempt });
  // Stripe answers a repeated idempotency key with its first answer ("succeeded"), even when that
  // refund failed since: the list above knows better.
  if (atStripe.failed.has(refundId)) {
    throw stripeRefundFailed(deps, new Error(`refund ${refundId} failed at Stripe`), order.id);
  }
  return recordRefundNow(deps, { ...record, refundId, amount });
}

/** Records one refund in a transaction of its own (see record-refund.ts). */
function recordRefundNow(
  deps: RefundDeps,
  input: Omit<Parameters<typeof recordRefund>[2], "now">,
): Promise<RefundResult> {
  const now = deps.clock();
  return deps.db.transaction().execute((trx) => recordRefund(deps, trx, { ...input, now }));
}

interface StripeForRefunds {
  client: Stripe;
  paymentIntent: string;
}

async function stripeForRefunds(deps: RefundDeps, paymentIntent: string | null): Promise<StripeForRefunds> {
  if (!paymentIntent) {
    throw new AppError("CONFLICT", "This card order has no Stripe payment to refund.", undefined, "no-payment-intent");
  }
  // The card toggle may be off by now: a past card payment is still refunded with the stored key.
  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) {
    throw new AppError(
      "UNAVAILABLE",
      "The Stripe secret key is not set in Store Settings, so Stripe cannot refund this order.",
      undefined,
      "stripe-not-configured",
    );
  }
  return { client: await createStripeClient(secretKey, deps.env), paymentIntent };
}

/** Stripe's message may name the account or the key: staff get a plain one, the log the rest. */
function stripeRefundFailed(deps: RefundDeps, error: unknown, orderId: string): AppError {
  deps.logger.warn({ err: error, orderId }, "Stripe refused a refund");
  return new AppError(
    "UNAVAILABLE",
    "Stripe could not make this refund. Please try again, or check the payment in your Stripe dashboard.",
    undefined,
    "stripe-refund-failed",
  );
}

/** The payment's refunds at Stripe: those that took or may take money back and that the shop has not recorded, and the ids of those that failed. */
async function refundsAtStripe(
  deps: RefundDeps,
  stripe: StripeForRefunds,
  order: Selectable<Database["orders"]>,
): Promise<{ unrecorded: Stripe.Refund[]; failed: Set<string> }> {
  let refunds: Stripe.Refund[];
  try {
    refunds = await stripe.client.refunds.list({ payment_intent: stripe.paymentIntent, limit: 100 }).autoPagingToArray({
      limit: 1000,
    });
  } catch (error) {
    throw stripeRefundFailed(deps, error, order.id);
  }
  const isFailed = (refund: Stripe.Refund) => refund.status === "failed" || refund.status === "canceled";
  const failed = new Set(refunds.filter(isFailed).map((refund) => refund.id));
  const live = refunds.filter((refund) => !isFailed(refund));
  if (live.length === 0) return { unrecorded: [], failed };
  const recorded = await deps.db
    .selectFrom("payment_events")
    .select("id")
    .where(
      "id",
      "in",
      live.map((refund) => refundEventId(refund.id)),
    )
    .execute();
  const known = new Set(recorded.map((row) => row.id));
  // Oldest first, as Stripe made them (its list is newest first).
  return { unrecorded: live.filter((refund) => !known.has(refundEventId(refund.id))).reverse(), failed };
}

async function createStripeRefund(
  deps: RefundDeps,
  stripe: StripeForRefunds,
  refund: { orderId: string; amount: number; attempt: string },
): Promise<string> {
  let created: Stripe.Refund;
  try {
    created = await stripe.client.refunds.create(
      {
        payment_intent: stripe.paymentIntent,
        amount: refund.amount,
        metadata: { order_id: refund.orderId, [SHOP_REFUND_ATTEMPT_METADATA]: refund.attempt },
      },
      { idempotencyKey: `refund:${refund.orderId}:${refund.attempt}` },
    );
  } catch (error) {
    throw stripeRefundFailed(deps, error, refund.orderId);
  }
  return created.id;
}
