import { sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import { formatMoney } from "#common/money/money.ts";
import { lockOrderRow } from "./lock-order-row.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import { REFUNDABLE_PAYMENT_STATUSES, type PaymentStatus } from "#common/orders/payment-status.ts";

export interface RecordRefundDeps {
  logger: Logger;
}

export interface RecordedRefund {
  orderId: string;
  paymentStatus: PaymentStatus;
  /** What this call recorded; 0 when the refund was already recorded. */
  refundedCents: number;
  currency: string;
  changed: boolean;
}

/**
 * The metadata key on a Stripe refund the shop made, naming its attempt (purpose, refunded so far,
 * amount): how a refund found at Stripe, or sent by its webhook, is known as the shop's own.
 */
export const SHOP_REFUND_ATTEMPT_METADATA = "shop_refund_attempt";

/** The payment_events id that records one refund (Stripe's id, or the shop's for an invoice order). */
export const refundEventId = (refundId: string) => `refund:${refundId}`;

/** The payment_events id that marks a refund Stripe failed (undoFailedRefund). */
export const failedRefundEventId = (refundId: string) => `refund-failed:${refundId}`;

/**
 * Records one refund, once, by its id, inside the caller's transaction: the staff refund (after
 * Stripe answered), a refund found at Stripe, and Stripe's refund webhooks all come here, so
 * whichever learns of a refund first records it and the others change nothing. The request's
 * id is recorded with it either way: the refund is this request's own, whoever wrote it.
 * The refunded total grows by the amount (a delta: the event row makes it count once), guarded
 * so it never passes what was paid; the payment becomes refunded when nothing is left, else
 * partially refunded (a payment under review stays under review until refunded in full).
 * Throws CONFLICT when the order's payment cannot take this refund (it moved meanwhile).
 */
export async function recordRefund(
  deps: RecordRefundDeps,
  trx: Kysely<Database>,
  input: {
    order: Selectable<Database["orders"]>;
    refundId: string;
    amount: number;
    requestEventId: string | null;
    queueMail: boolean;
    now: Date;
    /**
     * Who made it, as the history says: the shop (default); "found-at-stripe": listed at Stripe
     * before a staff refund and not made by that request; "outside-shop": sent by Stripe's webhook
     * without the shop's metadata (made in Stripe's dashboard).
     */
    origin?: "shop" | "found-at-stripe" | "outside-shop";
  },
): Promise<RecordedRefund> {
  const { order, refundId, amount, requestEventId, now } = input;
  const currency = order.currency;
  await lockOrderRow(trx, order.id);
  // Its failure may have been recorded between Stripe's answer and this write: never count it.
  if (await hasPaymentEvent(trx, failedRefundEventId(refundId))) {
    deps.logger.warn({ orderId: order.id, refundId }, "a refund Stripe already failed was not recorded");
    throw new AppError(
      "UNAVAILABLE",
      "Stripe could not make this refund. Please try again, or check the payment in your Stripe dashboard.",
      undefined,
      "stripe-refund-failed",
    );
  }
  const recorded = await trx
    .insertInto("payment_events")
    .values({ id: refundEventId(refundId), order_id: order.id, type: "refund", received_at: now.toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  let firstForRequest = false;
  if (requestEventId) {
    const request = await trx
      .insertInto("payment_events")
      .values({ id: requestEventId, order_id: order.id, type: "refund-request", received_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    firstForRequest = Number(request.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const paymentStatus = await currentPaymentStatus(trx, order.id);
    // Recorded already by Stripe's webhook, which can arrive before the request that made the
    // refund writes it: still this request's refund, so it says what it refunded. The same
    // request again (a double-click) finds its id recorded and changed nothing.
    const refundedCents = firstForRequest ? amount : 0;
    return { orderId: order.id, paymentStatus, refundedCents, currency, changed: firstForRequest };
  }
  const total = sql<number>`amount_refunded_cents + ${amount}`;
  const moved = await trx
    .updateTable("orders")
    .set({
      amount_refunded_cents: total,
      // Only a refund found at Stripe (made in its dashboard) can be partial on a payment under
      // review: staff still decide on it.
      payment_status: sql<PaymentStatus>`case when ${total} >= amount_paid_cents then 'refunded' when payment_status = 'needs_review' then 'needs_review' else 'partially_refunded' end`,
      updated_at: now.toISOString(),
    })
    .where("id", "=", order.id)
    .where("payment_status", "in", REFUNDABLE_PAYMENT_STATUSES)
    .where(total, "<=", sql<number>`amount_paid_cents`)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    deps.logger.error({ orderId: order.id, refundId }, "a refund could not be recorded: the order changed meanwhile");
    throw new AppError("CONFLICT", "This order changed while it was being refunded. Please reload it and check.");
  }
  const target = await currentPaymentStatus(trx, order.id);
  const how =
    order.payment_method !== "card"
      ? "returned by staff (invoice order)"
      : input.origin === "found-at-stripe"
        ? `through Stripe (refund ${refundId}, found at Stripe and not made by this request)`
        : input.origin === "outside-shop"
          ? `through Stripe (refund ${refundId}, made in Stripe, not through the shop)`
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
}

/**
 * A refund Stripe made and later failed (the card was closed, the bank refused it): the money
 * never went back. Inside the caller's transaction, once per refund: it is marked failed (so a
 * late event that still says "pending" never records it, and a staff refund made again gets a
 * new idempotency key), and if it was recorded its amount leaves the refunded total and the
 * payment becomes what the amounts say (paid, or partially refunded). This is the one move out
 * of "refunded", by a delta like the refund itself, so staff can refund again; the order's
 * status is left as it is (a cancelled order stays cancelled). A staff-only step says what
 * happened. Returns false when there was nothing to undo (never recorded, or undone before).
 */
export async function undoFailedRefund(
  deps: RecordRefundDeps,
  trx: Kysely<Database>,
  input: { order: Selectable<Database["orders"]>; refundId: string; amount: number; reason: string | null; now: Date },
): Promise<boolean> {
  const { order, refundId, amount, now } = input;
  await lockOrderRow(trx, order.id);
  const marked = await trx
    .insertInto("payment_events")
    .values({
      id: failedRefundEventId(refundId),
      order_id: order.id,
      type: "refund-failed",
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  if (Number(marked.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  if (!(await hasPaymentEvent(trx, refundEventId(refundId)))) return false;
  const total = sql<number>`amount_refunded_cents - ${amount}`;
  // What the amounts say, except that a payment staff never accepted goes back under review: one
  // flagged before the refund (the amount Stripe took differs from the order, or it arrived after
  // the stock was gone from an open order) must not turn "paid" and look ready to ship.
  const target = sql<PaymentStatus>`case
    when payment_status = 'needs_review' or amount_paid_cents <> total_cents or (not stock_taken and status <> 'Cancelled') then 'needs_review'
    when ${total} > 0 then 'partially_refunded'
    else 'paid' end`;
  const moved = await trx
    .updateTable("orders")
    .set({ amount_refunded_cents: total, payment_status: target, updated_at: now.toISOString() })
    .where("id", "=", order.id)
    // "paid" too: before refund events, accepting a flagged payment partly refunded in Stripe's
    // dashboard made it "paid" with money refunded.
    .where("payment_status", "in", ["paid", "refunded", "partially_refunded", "needs_review"])
    .where(total, ">=", sql<number>`0`)
    .executeTakeFirst();
  const corrected = Number(moved.numUpdatedRows) === 1;
  const reason = input.reason ? ` (${input.reason.replace(/_/g, " ")})` : "";
  const what = `Stripe could not complete refund ${refundId} of ${formatMoney(amount, order.currency)}${reason}`;
  await appendOrderHistory(trx, {
    orderId: order.id,
    status: "Refund failed",
    location: STAFF_STATUS_LOCATION,
    at: now,
    customerVisible: false,
    // Not corrected: only rows edited by hand (or a payment voided since) get here. Said to staff
    // and in the log, and answered: Stripe sending the event again for days would change nothing.
    note: corrected
      ? `${what}: the money was not returned. Refund again, or contact the customer.`
      : `${what}, and the order's refunded amount could not be corrected for it: please check the payment in Stripe's dashboard.`,
  });
  // The store's contact address hears of it at once: staff may not open the order for days.
  await queueOrderMail(trx, {
    orderId: order.id,
    kind: "refund-failed-notice",
    now,
    dedupeKey: `${order.id}:refund-failed-notice:${refundId}`,
  });
  deps.logger.error(
    { orderId: order.id, refundId },
    corrected
      ? "Stripe could not complete a refund: the money was not returned"
      : "a failed refund could not be undone: the amounts disagree",
  );
  return true;
}

/** Whether a payment_events row with this id exists (a refund recorded, a failure marked). */
export async function hasPaymentEvent(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom("payment_events").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

export async function currentPaymentStatus(db: Kysely<Database>, orderId: string): Promise<PaymentStatus> {
  const current = await db
    .selectFrom("orders")
    .select("payment_status")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return current.payment_status;
}
