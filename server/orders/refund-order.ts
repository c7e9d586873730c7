import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { formatMoney } from "#common/money/money.ts";
import type { Clock } from "#server/services.ts";
import { canMovePayment, REFUNDABLE_PAYMENT_STATUSES, type PaymentStatus } from "#common/orders/payment-status.ts";
import { currentPaymentStatus, recordRefund, refundEventId } from "./payment-process.ts";
import type { PaymentProviders, ProviderRefund } from "./payment-provider.ts";

/** What the staff order actions need: the database, the time, and the payment providers. */
export interface OrderActionDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  paymentProviders: PaymentProviders;
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
 * Staff refund a paid order, in full (no amount) or in part. A card order is refunded through its
 * payment provider (Stripe); an invoice order was paid outside the shop, so its refund records
 * the money staff returned themselves. See `refundOrderAmount`. The input is as
 * refundOrderSchema parses the form (the orders action): `amount` in cents, null for all that is
 * left; the use case still refuses more than is left to refund.
 */
export async function refundOrder(
  deps: OrderActionDeps,
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
 * Refunds `amountCents` (null: all that is left) of an order's payment. The provider is called
 * before the database is written (never inside a transaction: a slow provider would hold the
 * lock), with an idempotency key made of the order, the purpose, the amount refunded so far and
 * this amount, and nothing else: a double-click, or a retry after a failure between the
 * provider's answer and our write (from the same form or a reloaded one), gets the same refund
 * back instead of a second one. A form's request id is recorded with the refund, so the same post
 * arriving after the first was written (when the amount refunded so far has moved) changes
 * nothing. The write is conditional on the refunded amount read before, so only one of two
 * identical requests records it.
 */
export async function refundOrderAmount(
  deps: OrderActionDeps,
  input: {
    orderId: string;
    amountCents: number | null;
    /** Names the provider's idempotency key: a claim's refund is never taken for a staff refund of the same amount. */
    purpose: "refund" | "cancel" | "claim" | "tax";
    /** A refund of the sales tax alone (purpose "tax"): recorded as such, with why (see recordRefund). */
    taxOnly?: { why: string } | undefined;
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
    throw new AppError("CONFLICT", "Only a paid order can be refunded.", { reason: "not-refundable" });
  }
  const amount = input.amountCents ?? remaining;
  if (amount > remaining) {
    const message = `That is more than is left to refund (${formatMoney(remaining, currency)}).`;
    throw new AppError("VALIDATION", message, { fieldErrors: { amount: message } });
  }
  const planned: PaymentStatus = amount === remaining ? "refunded" : "partially_refunded";
  if (!canMovePayment(from, planned)) {
    const message =
      from === "needs_review"
        ? "A payment under review can only be refunded in full."
        : `A payment that is "${from.replace(/_/g, " ")}" cannot be refunded.`;
    throw new AppError("CONFLICT", message, { reason: "illegal-payment-move" });
  }

  // The payment's refunds at its provider, listed first: what the shop has not recorded (below),
  // and how many failed. Null for an invoice: staff returned the money themselves.
  const provider = deps.paymentProviders[order.payment_method];
  const refunds = await provider.listRefunds(order);
  const found = refunds ? await unrecorded(deps.db, refunds.live) : [];
  // The attempt names the provider's idempotency key; never the form's id: a retry after the
  // provider refunded but our write failed comes from a new form (the page reloaded, or the
  // dialog opened again) and must get the same refund back. A refund the provider failed gave its
  // amount back to the refunded total, or never counted: counting the failed ones makes the
  // refund made again a new one, not the failed one replayed from Stripe's idempotency cache.
  const failedCount = refunds?.failedCount ?? 0;
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
      { reason: "refunds-changed" },
    );
  }
  if (!refunds) {
    const record = { order, requestEventId, queueMail: input.queueMail, via: null, taxOnly: input.taxOnly };
    return recordRefundNow(deps, { ...record, refundId: `manual:${order.id}:${attempt}`, amount });
  }
  const record = { order, requestEventId, queueMail: input.queueMail, via: provider.name, taxOnly: input.taxOnly };

  // Refunds the provider made that the shop never recorded (its write failed after the provider
  // answered, or the owner refunded in Stripe's dashboard and its event has not arrived) are
  // recorded first, so a retry with another amount cannot refund the same money twice.
  if (found.length > 0) {
    let same: RefundResult | null = null;
    let recordedHere = 0;
    for (const refund of found) {
      const isThisAttempt = refund.attempt === attempt;
      const recorded = await recordRefundNow(deps, {
        ...record,
        // The form's id goes with its own refund only: sent again, a post whose amount was not
        // refunded must not find itself done.
        requestEventId: isThisAttempt ? requestEventId : null,
        refundId: refund.id,
        amount: refund.amount,
        origin: isThisAttempt ? "shop" : "found-at-provider",
        taxOnly: isThisAttempt ? input.taxOnly : undefined,
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
      `${provider.name} had already refunded ${formatMoney(recordedHere, currency)} of this order that the shop had not recorded. It is recorded now: please check what is left to refund before refunding more.`,
      { reason: "refund-found-at-stripe" },
    );
  }
  const refundId = await refunds.create({ orderId: order.id, amount, attempt });
  return recordRefundNow(deps, { ...record, refundId, amount });
}

/** Records one refund in a transaction of its own (see payment-process.ts). */
function recordRefundNow(
  deps: OrderActionDeps,
  input: Omit<Parameters<typeof recordRefund>[2], "now">,
): Promise<RefundResult> {
  const now = deps.clock();
  return deps.db.transaction().execute((trx) => recordRefund(deps, trx, { ...input, now }));
}

/** The provider's refunds the shop has not recorded, in the provider's order. */
async function unrecorded(db: Kysely<Database>, refunds: ProviderRefund[]): Promise<ProviderRefund[]> {
  if (refunds.length === 0) return [];
  const recorded = await db
    .selectFrom("payment_events")
    .select("id")
    .where(
      "id",
      "in",
      refunds.map((refund) => refundEventId(refund.id)),
    )
    .execute();
  const known = new Set(recorded.map((row) => row.id));
  return refunds.filter((refund) => !known.has(refundEventId(refund.id)));
}
