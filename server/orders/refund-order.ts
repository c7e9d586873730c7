import { sql, type Kysely, type Selectable } from "kysely";
import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import { formatMoney } from "#server/money/money-schema.ts";
import { loadStripeSecretKey } from "#server/payments/stripe-keys.ts";
import { createStripeClient } from "#server/payments/stripe-client.ts";
import type { Clock } from "#server/services.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import { canMovePayment, type PaymentStatus } from "./payment-status.ts";

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
  input: { orderId: string; amount: number | null; requestId?: string | undefined },
): Promise<RefundResult> {
  const { orderId, amount, requestId } = input;
  return refundOrderAmount(deps, {
    orderId,
    amountCents: amount,
    purpose: "refund",
    queueMail: true,
    requestId: requestId || undefined,
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
  const refundable = from === "paid" || from === "partially_refunded" || from === "needs_review";
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

  // Read after the order: a post that read the order before the same post's refund was written
  // has the same key below, and one that reads it after finds the request recorded here.
  const requestEventId = input.requestId ? `refund-request:${order.id}:${input.requestId}` : null;
  if (requestEventId) {
    const seen = await deps.db
      .selectFrom("payment_events")
      .select("id")
      .where("id", "=", requestEventId)
      .executeTakeFirst();
    if (seen) return { ...unchanged, paymentStatus: await currentPaymentStatus(deps.db, order.id) };
  }
  // Never the form's id: a retry after Stripe refunded but our write failed comes from a new
  // form (the page reloaded, or the dialog opened again) and must get the same refund back.
  const attempt = `${input.purpose}:${order.amount_refunded_cents}:${amount}`;
  const record = { order, requestEventId, queueMail: input.queueMail };
  if (order.payment_method !== "card") {
    return recordRefund(deps, { ...record, refundId: `manual:${order.id}:${attempt}`, amount });
  }

  const stripe = await stripeForRefunds(deps, order.payment_reference);
  // Refunds Stripe made that the shop never recorded (its write failed after Stripe answered, or
  // the owner refunded in Stripe's dashboard) are recorded first, so a retry with another amount
  // cannot refund the same money twice.
  const found = await unrecordedRefunds(deps, stripe, order);
  if (found.length > 0) {
    let same: RefundResult | null = null;
    let recordedHere = 0;
    for (const refund of found) {
      const isThisAttempt = refund.metadata?.[SHOP_ATTEMPT_METADATA] === attempt;
      const recorded = await recordRefund(deps, {
        ...record,
        // The form's id goes with its own refund only: sent again, a post whose amount was not
        // refunded must not find itself done.
        requestEventId: isThisAttempt ? requestEventId : null,
        refundId: refund.id,
        amount: refund.amount,
        foundAtStripe: !isThisAttempt,
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
  return recordRefund(deps, { ...record, refundId, amount });
}

/** The metadata key on a Stripe refund naming the shop's attempt (purpose, refunded so far, amount). */
const SHOP_ATTEMPT_METADATA = "shop_refund_attempt";

/**
 * Records one refund, once, by its id (Stripe's, which the idempotency key makes the same for a
 * repeated post): a second post that read the order after the first one was written gets here
 * with the same refund and changes nothing.
 */
async function recordRefund(
  deps: RefundDeps,
  input: {
    order: Selectable<Database["orders"]>;
    refundId: string;
    amount: number;
    requestEventId: string | null;
    queueMail: boolean;
    /** A refund made at Stripe outside this request (the history says so). */
    foundAtStripe?: boolean;
  },
): Promise<RefundResult> {
  const { order, refundId, amount, requestEventId } = input;
  const currency = order.currency;
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto("payment_events")
      .values({ id: `refund:${refundId}`, order_id: order.id, type: "refund", received_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const paymentStatus = await currentPaymentStatus(trx, order.id);
      return { orderId: order.id, paymentStatus, refundedCents: 0, currency, changed: false };
    }
    if (requestEventId) {
      await trx
        .insertInto("payment_events")
        .values({ id: requestEventId, order_id: order.id, type: "refund-request", received_at: now.toISOString() })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    // An increment, not a state: each refund is a delta, and the row above makes it count once.
    // The guard keeps the refunded total within what was paid whatever ran in between.
    const total = sql<number>`amount_refunded_cents + ${amount}`;
    const moved = await trx
      .updateTable("orders")
      .set({
        amount_refunded_cents: total,
        // A payment under review stays under review until it is refunded in full (only a refund
        // found at Stripe, made in its dashboard, can be partial here): staff still decide on it.
        payment_status: sql<PaymentStatus>`case when ${total} >= amount_paid_cents then 'refunded' when payment_status = 'needs_review' then 'needs_review' else 'partially_refunded' end`,
        updated_at: now.toISOString(),
      })
      .where("id", "=", order.id)
      .where("payment_status", "in", ["paid", "partially_refunded", "needs_review"])
      .where(total, "<=", sql<number>`amount_paid_cents`)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      deps.logger.error({ orderId: order.id, refundId }, "a refund could not be recorded: the order changed meanwhile");
      throw new AppError("CONFLICT", "This order changed while it was being refunded. Please reload it and check.");
    }
    const after = await trx
      .selectFrom("orders")
      .select("payment_status")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    const target = after.payment_status;
    const how =
      order.payment_method !== "card"
        ? "returned by staff (invoice order)"
        : input.foundAtStripe
          ? `through Stripe (refund ${refundId}, found at Stripe and not made by this request)`
          : `through Stripe (refund ${refundId})`;
    await appendOrderHistory(trx, {
      orderId: order.id,
      status: target === "refunded" ? "Refunded" : "Partially refunded",
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: `${formatMoney(amount, currency)} refunded ${how}`,
    });
    if (input.queueMail) {
      await queueOrderMail(trx, {
        orderId: order.id,
        kind: "refunded",
        now,
        dedupeKey: `${order.id}:refunded:${refundId}`,
      });
    }
    return { orderId: order.id, paymentStatus: target, refundedCents: amount, currency, changed: true };
  });
}

async function currentPaymentStatus(db: Kysely<Database>, orderId: string): Promise<PaymentStatus> {
  const current = await db
    .selectFrom("orders")
    .select("payment_status")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return current.payment_status;
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

/** The payment's refunds at Stripe that took or may take money back, and that the shop has not recorded. */
async function unrecordedRefunds(
  deps: RefundDeps,
  stripe: StripeForRefunds,
  order: Selectable<Database["orders"]>,
): Promise<Stripe.Refund[]> {
  let refunds: Stripe.Refund[];
  try {
    refunds = await stripe.client.refunds.list({ payment_intent: stripe.paymentIntent, limit: 100 }).autoPagingToArray({
      limit: 1000,
    });
  } catch (error) {
    throw stripeRefundFailed(deps, error, order.id);
  }
  const live = refunds.filter((refund) => refund.status !== "failed" && refund.status !== "canceled");
  if (live.length === 0) return [];
  const recorded = await deps.db
    .selectFrom("payment_events")
    .select("id")
    .where(
      "id",
      "in",
      live.map((refund) => `refund:${refund.id}`),
    )
    .execute();
  const known = new Set(recorded.map((row) => row.id));
  // Oldest first, as Stripe made them (its list is newest first).
  return live.filter((refund) => !known.has(`refund:${refund.id}`)).reverse();
}

async function createStripeRefund(
  deps: RefundDeps,
  stripe: StripeForRefunds,
  refund: { orderId: string; amount: number; attempt: string },
): Promise<string> {
  try {
    const created = await stripe.client.refunds.create(
      {
        payment_intent: stripe.paymentIntent,
        amount: refund.amount,
        metadata: { order_id: refund.orderId, [SHOP_ATTEMPT_METADATA]: refund.attempt },
      },
      { idempotencyKey: `refund:${refund.orderId}:${refund.attempt}` },
    );
    return created.id;
  } catch (error) {
    throw stripeRefundFailed(deps, error, refund.orderId);
  }
}
