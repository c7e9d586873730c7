import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import { formatMoney } from "#common/money/money.ts";
import {
  canMovePayment,
  isProviderPayment,
  PAYMENT_PROVIDER_NAMES,
  REFUNDABLE_PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from "#common/orders/payment-status.ts";
import { lockOrderRow } from "./lock-order-row.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import { releaseOrderStock, retakeOrderStock } from "./stock.ts";
import { releaseDiscountUse, retakeDiscountUse } from "./discount-uses.ts";

/*
 * The payment process: every move of an order's payment_status is made here, and nowhere else
 * (decision 9; server/orders/payment-status-writers.test.ts checks it). Each move is guarded by
 * the transition table (`canMovePayment`) and by the state it was read in, and brings its
 * effects with it: the history step, the mails, and the stock a payment holds or gives back.
 * Callers bring the news: checkout (a new order), a payment provider's adapter (a payment taken,
 * pending, failed or expired; a refund made or failed), staff (paid, cancelled, refunded).
 * Providers depend on this module; it never imports one (payment-provider.ts is their shape).
 */

type OrderRow = Selectable<OrdersTable>;

// ---------------------------------------------------------------------------------------------
// A new order

/**
 * How long a card (or PayPal) order holds its stock: long enough to type a card, or sign in to
 * PayPal, and pass the bank's check, short enough that an unpaid order keeps copies from other
 * buyers only minutes (decision 23). The sweeper closes the payment page at the provider then
 * (Stripe), or stops waiting for the buyer's approval (PayPal).
 */
export const CARD_HOLD_MINUTES = 15;

/**
 * The payment columns of an order being placed: every order starts awaiting payment; a card or
 * PayPal order holds its stock until CARD_HOLD_MINUTES from now, an invoice order until staff act. Spread
 * into the order's insert by checkout, which takes the stock in the same transaction by its
 * unpaid-hold rules (decision 23): the insert is checkout's, the state it starts in is decided here.
 */
export function initialPayment(method: PaymentMethod, now: Date) {
  return {
    payment_method: method,
    payment_status: "awaiting_payment" as const,
    payment_expires_at: isProviderPayment(method)
      ? new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000).toISOString()
      : null,
  };
}

/**
 * The payment columns of a replacement order at no charge (a settled damage claim, decision 35):
 * nothing to pay, so it starts settled, with no method (nothing can be refunded of it) and
 * nothing paid. Spread into the order's insert by the claim's settlement, which takes its stock
 * in the same transaction like any order.
 */
export function replacementPayment(now: Date) {
  return {
    payment_method: null,
    payment_status: "paid" as const,
    amount_paid_cents: 0,
    paid_at: now.toISOString(),
    payment_expires_at: null,
  };
}

// ---------------------------------------------------------------------------------------------
// News from a payment provider

/** What a provider says happened to an order's payment. */
export type PaymentOutcome =
  /** The money arrived. */
  | "paid"
  /** The buyer chose a method that settles later (a bank debit); not paid yet. */
  | "pending"
  /** A delayed payment method failed. */
  | "failed"
  /** The payment page expired unpaid. */
  | "expired";

/** The payment a provider reports, in its words for staff. */
export interface ReportedPayment {
  /** The provider's name, as staff read it in notes ("Stripe", "PayPal"). */
  provider: string;
  /** The payment page it came through (orders.stripe_session_id for Stripe, orders.paypal_order_id for PayPal). */
  pageId: string;
  /** How notes name that page ("session cs_…"). */
  pageLabel: string;
  /** What the provider took, in cents of `currency`; null when it does not say. */
  amountCents: number | null;
  currency: string | null;
  /** The provider's id of the payment itself, kept to refund it (Stripe: the PaymentIntent; PayPal: the capture). */
  reference: string | null;
  /**
   * Why the payment is not plainly this order's, though its amount may match (PayPal: the
   * capture names another order, or was paid to another account): it is flagged for review
   * with this note instead of being taken as paid. Absent when nothing is wrong.
   */
  mismatch?: string | null;
}

export interface PaymentProcessDeps {
  logger: Logger;
}

/** What a move did, for logs and tests. */
export type PaymentMoveResult =
  | "paid"
  | "needs_review"
  | "pending"
  | "payment_failed"
  | "expired"
  /** Nothing to do: the order is already past this (a late or repeated event). */
  | "unchanged"
  | "unknown_order";

/** The staff-only step of a payment the provider is still settling (pending): the buyer's page says so too. */
export const PAYMENT_PROCESSING_STEP = "Payment processing";

/** A delayed payment method (bank debit) may take days; the sweeper looks again after this. */
const PENDING_PAYMENT_GRACE_MS = 3 * 24 * 3600 * 1000;

const formatCents = (cents: number | null, currency: string | null) =>
  cents === null ? "no amount" : `${(cents / 100).toFixed(2)} ${(currency ?? "?").toUpperCase()}`;

/**
 * Moves a card order's payment to what its provider reports, inside the caller's transaction: the
 * one transition for the webhook, the return page, the sweeper and a cancellation that finds the
 * order paid, so whichever learns first, the others find nothing left to do. The order row is
 * locked first, so two of them never act on the same state.
 * - paid: amount and currency must match the order, and the provider must see nothing amiss
 *   (`mismatch`), else needs_review (a staff-only note saying why); stock released earlier (expired or failed) is taken again, or needs_review when it is
 *   gone; then paid, the payment reference, "Payment received" and the two order mails.
 * - pending: stays awaiting payment, a staff-only note, and the sweeper waits longer.
 * - failed / expired: only from awaiting payment; the stock goes back (once), the order is
 *   Cancelled with the step "Payment not completed". News about a page that is no longer the
 *   order's own (the buyer opened a new one) changes nothing.
 */
export async function applyPaymentOutcome(
  deps: PaymentProcessDeps,
  trx: Transaction<Database>,
  input: { orderId: string; payment: ReportedPayment; outcome: PaymentOutcome; now: Date },
): Promise<PaymentMoveResult> {
  const { orderId, payment, outcome, now } = input;
  const nowIso = now.toISOString();
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
      "paypal_order_id",
      "stock_taken",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || !isProviderPayment(order.payment_method)) return "unknown_order";
  const method = order.payment_method;
  // The page the order pays through now: news about an earlier one changes nothing below.
  const currentPage = method === "paypal" ? order.paypal_order_id : order.stripe_session_id;
  const paymentWords = method === "paypal" ? "PayPal payment" : "card payment";
  const from = order.payment_status;
  const logIds = { orderId: order.id, sessionId: payment.pageId };
  const took = formatCents(payment.amountCents, payment.currency);
  const moveTo = (to: PaymentStatus, set: Partial<Record<keyof OrdersTable, unknown>> = {}) =>
    movePayment(trx, { orderId: order.id, from, to, set: { ...set, updated_at: nowIso } });

  if (outcome === "paid") {
    if (!canMovePayment(from, "paid")) {
      if (from === "voided") {
        // Money for an order already voided: staff must refund it. Say so where they look.
        deps.logger.warn(logIds, `${paymentWords} for a voided order`);
        await appendOrderHistory(trx, {
          orderId: order.id,
          status: "Payment received after the order was voided",
          at: now,
          customerVisible: false,
          note: `${payment.provider} took ${took} (${payment.pageLabel}); refund it in ${payment.provider}.`,
        });
      }
      return "unchanged";
    }
    const amountMatches =
      payment.amountCents === order.total_cents &&
      (payment.currency ?? "").toLowerCase() === order.currency.toLowerCase();
    const flag = async (reason: string) => {
      if (!canMovePayment(from, "needs_review")) return "unchanged" as const;
      // What the provider took is recorded, so that staff can refund it (in full) or accept it.
      await moveTo("needs_review", {
        payment_reference: payment.reference,
        amount_paid_cents: payment.amountCents ?? 0,
      });
      await appendOrderHistory(trx, {
        orderId: order.id,
        status: "Payment needs review",
        at: now,
        customerVisible: false,
        note: reason,
      });
      deps.logger.warn(logIds, `${paymentWords} flagged for review`);
      return "needs_review" as const;
    };
    if (payment.mismatch) return flag(`${payment.mismatch} (${payment.pageLabel}).`);
    if (!amountMatches) {
      return flag(
        `${payment.provider} reported ${took}, the order total is ` +
          `${formatCents(order.total_cents, order.currency)} (${payment.pageLabel}).`,
      );
    }
    if (!order.stock_taken && !(await retakeOrderStock(trx, order.id))) {
      return flag(
        `Paid ${took} after the payment had ${from === "expired" ? "expired" : "failed"}, and the stock is no ` +
          `longer there (${payment.pageLabel}). Ship it if stock comes back, or refund it.`,
      );
    }
    // The discount the buyer just paid with is owed its use again (decision 39).
    if (from !== "awaiting_payment") await retakeDiscountUse(trx, order.id);
    // An order cancelled because its payment had expired or failed is live again.
    const reopened = from !== "awaiting_payment" && order.status === "Cancelled";
    await moveTo("paid", {
      payment_reference: payment.reference,
      paid_at: nowIso,
      amount_paid_cents: payment.amountCents,
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
      status: PAYMENT_PROCESSING_STEP,
      at: now,
      customerVisible: false,
      note:
        method === "paypal"
          ? `PayPal is holding the payment (under review, or an eCheck clearing); it will confirm it (${payment.pageLabel}).`
          : `The buyer chose a payment method that settles later; ${payment.provider} will confirm it (${payment.pageLabel}).`,
    });
    return "pending";
  }

  const to = outcome === "failed" ? "payment_failed" : "expired";
  if (!canMovePayment(from, to) || from !== "awaiting_payment") return "unchanged";
  if (currentPage && currentPage !== payment.pageId) return "unchanged";
  const reason =
    outcome === "failed" ? `The ${paymentWords} failed.` : `The ${paymentWords} was not completed in time.`;
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
    deps.logger.warn(logIds, `${paymentWords} not completed for a shipped order`);
    return to;
  }
  await moveTo(to, { status: "Cancelled", payment_expires_at: null });
  await releaseOrderStock(trx, order.id);
  // Its discount code's use too, once (decision 39).
  await releaseDiscountUse(trx, order.id);
  await appendOrderHistory(trx, { orderId: order.id, status: "Payment not completed", at: now, note: reason });
  return to;
}

/** The one conditional write of a move: only from the state read, with the row locked. */
async function movePayment(
  trx: Transaction<Database>,
  move: { orderId: string; from: PaymentStatus; to: PaymentStatus; set: Record<string, unknown> },
): Promise<void> {
  const result = await trx
    .updateTable("orders")
    .set({ ...move.set, payment_status: move.to })
    .where("id", "=", move.orderId)
    .where("payment_status", "=", move.from)
    .executeTakeFirst();
  // The row is locked, so this cannot miss; if it ever does, fail loudly and let the caller retry.
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`order ${move.orderId} changed while being updated`);
}

// ---------------------------------------------------------------------------------------------
// Staff: mark paid, cancel

/**
 * Staff record a payment, inside the caller's transaction: an invoice order awaiting payment (the
 * school paid), or a card order flagged `needs_review` that staff accept. Paid by a conditional
 * write (only from the state read), with `paid_at`, the amount, a history step and the
 * payment-received mail. Marking a paid order paid again changes nothing (changed: false). A
 * card or PayPal order still awaiting payment is its provider's to confirm, never staff's.
 */
export async function acceptPaymentByStaff(
  trx: Transaction<Database>,
  input: { order: OrderRow; now: Date },
): Promise<{ paymentStatus: PaymentStatus; changed: boolean }> {
  const { order, now } = input;
  const from = order.payment_status;
  if (from === "paid") return { paymentStatus: from, changed: false };
  if (order.status === "Cancelled") {
    throw new AppError("CONFLICT", "This order was cancelled, so it cannot be marked paid.", { reason: "cancelled" });
  }
  const staffMayAccept = (from === "awaiting_payment" && order.payment_method === "invoice") || from === "needs_review";
  if (!staffMayAccept || !canMovePayment(from, "paid")) {
    throw new AppError(
      "CONFLICT",
      from === "awaiting_payment" && isProviderPayment(order.payment_method)
        ? `${order.payment_method === "paypal" ? "PayPal payments" : "Card payments"} are confirmed by ${PAYMENT_PROVIDER_NAMES[order.payment_method]}; this order cannot be marked paid by hand.`
        : `A payment that is "${from.replace(/_/g, " ")}" cannot be marked paid.`,
      { reason: "illegal-payment-move" },
    );
  }
  // A flagged card payment keeps the amount the provider reported; an invoice is paid in full.
  const amountPaid =
    isProviderPayment(order.payment_method) && order.amount_paid_cents > 0
      ? order.amount_paid_cents
      : order.total_cents;
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
    .where("id", "=", order.id)
    .where("payment_status", "=", from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return { paymentStatus: accepted, changed: false };
  await appendOrderHistory(trx, {
    orderId: order.id,
    status: "Payment received",
    location: STAFF_STATUS_LOCATION,
    at: now,
    note: from === "needs_review" ? "Flagged payment accepted by staff" : "Marked paid by staff",
  });
  await queueOrderMail(trx, { orderId: order.id, kind: "payment-received", now });
  return { paymentStatus: accepted, changed: true };
}

/**
 * What cancelling an order means for its payment, inside the cancel's transaction once its status
 * is Cancelled: the units it holds go back to stock, exactly once (`releaseOrderStock`), and a
 * payment nothing was kept of is voided (by a conditional write from the state read). Money
 * still held (a paid invoice order) stays: staff record its return with Refund. Returns what
 * changed, for the cancel's history note.
 */
export async function settleCancelledPayment(
  trx: Transaction<Database>,
  input: { order: OrderRow },
): Promise<{ stockReturned: boolean; paymentStatus: PaymentStatus; voided: boolean }> {
  const { order } = input;
  const stockReturned = await releaseOrderStock(trx, order.id);
  // A cancelled order gives its discount code's use back, once (decision 39).
  await releaseDiscountUse(trx, order.id);
  const unpaid = order.amount_paid_cents - order.amount_refunded_cents <= 0;
  if (!unpaid || !canMovePayment(order.payment_status, "voided")) {
    return { stockReturned, paymentStatus: order.payment_status, voided: false };
  }
  const voided = await trx
    .updateTable("orders")
    .set({ payment_status: "voided" })
    .where("id", "=", order.id)
    .where("payment_status", "=", order.payment_status)
    .executeTakeFirst();
  return Number(voided.numUpdatedRows) === 1
    ? { stockReturned, paymentStatus: "voided", voided: true }
    : { stockReturned, paymentStatus: order.payment_status, voided: false };
}

// ---------------------------------------------------------------------------------------------
// Refunds: by amounts, each once by its id

export interface RecordedRefund {
  orderId: string;
  paymentStatus: PaymentStatus;
  /** What this call recorded; 0 when the refund was already recorded. */
  refundedCents: number;
  currency: string;
  changed: boolean;
}

/** The payment_events id that records one refund (the provider's id, or the shop's for an invoice order). */
export const refundEventId = (refundId: string) => `refund:${refundId}`;

/** The payment_events id that marks a refund the provider failed (undoFailedRefund). */
export const failedRefundEventId = (refundId: string) => `refund-failed:${refundId}`;

/**
 * Records one refund, once, by its id, inside the caller's transaction: the staff refund (after
 * the provider answered), a refund found at the provider, and the provider's refund events all
 * come here, so whichever learns of a refund first records it and the others change nothing. The
 * request's id is recorded with it either way: the refund is this request's own, whoever wrote
 * it. The refunded total grows by the amount (a delta: the event row makes it count once),
 * guarded so it never passes what was paid; the payment becomes refunded when nothing is left,
 * else partially refunded (a payment under review stays under review until refunded in full).
 * Throws CONFLICT when the order's payment cannot take this refund (it moved meanwhile).
 */
export async function recordRefund(
  deps: PaymentProcessDeps,
  trx: Kysely<Database>,
  input: {
    order: OrderRow;
    refundId: string;
    amount: number;
    requestEventId: string | null;
    queueMail: boolean;
    now: Date;
    /** The provider that paid it back ("Stripe"), or null: staff returned the money (invoice). */
    via: string | null;
    /**
     * Who made it, as the history says: the shop (default); "found-at-provider": listed at the
     * provider before a staff refund and not made by that request; "outside-shop": sent by the
     * provider's event without the shop's mark (made in its dashboard).
     */
    origin?: "shop" | "found-at-provider" | "outside-shop";
    /**
     * A refund of the sales tax alone (an exemption approved after the order, decision 40): the
     * order's tax_refunded_cents grows by it, once per request, and the history says why.
     */
    taxOnly?: { why: string } | undefined;
  },
): Promise<RecordedRefund> {
  const { order, refundId, amount, requestEventId, now, via } = input;
  const currency = order.currency;
  await lockOrderRow(trx, order.id);
  // Its failure may have been recorded between the provider's answer and this write: never count
  // it (Stripe and PayPal may fail a refund after making it).
  if (await hasPaymentEvent(trx, failedRefundEventId(refundId))) {
    deps.logger.warn({ orderId: order.id, refundId }, "a refund the provider already failed was not recorded");
    throw via === "PayPal"
      ? new AppError(
          "UNAVAILABLE",
          "PayPal could not make this refund. Please try again, or check the payment in your PayPal account.",
          { reason: "paypal-refund-failed" },
        )
      : new AppError(
          "UNAVAILABLE",
          "Stripe could not make this refund. Please try again, or check the payment in your Stripe dashboard.",
          { reason: "stripe-refund-failed" },
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
  // Once per request, whoever recorded the refund (this request or the provider's event first).
  if (input.taxOnly && firstForRequest) {
    await trx
      .updateTable("orders")
      .set({ tax_refunded_cents: sql<number>`tax_refunded_cents + ${amount}` })
      .where("id", "=", order.id)
      .execute();
  }
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const paymentStatus = await currentPaymentStatus(trx, order.id);
    // Recorded already by the provider's event, which can arrive before the request that made the
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
      // Only a refund found at the provider (made in its dashboard) can be partial on a payment
      // under review: staff still decide on it.
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
    via === null
      ? "returned by staff (invoice order)"
      : input.origin === "found-at-provider"
        ? `through ${via} (refund ${refundId}, found at ${via} and not made by this request)`
        : input.origin === "outside-shop"
          ? `through ${via} (refund ${refundId}, made in ${via}, not through the shop)`
          : `through ${via} (refund ${refundId})`;
  await appendOrderHistory(trx, {
    orderId: order.id,
    status: target === "refunded" ? "Refunded" : "Partially refunded",
    location: STAFF_STATUS_LOCATION,
    at: now,
    note: input.taxOnly
      ? `${formatMoney(amount, currency)} sales tax refunded ${how}: ${input.taxOnly.why}`
      : `${formatMoney(amount, currency)} refunded ${how}`,
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
 * A refund the provider made and later failed (the card was closed, the bank refused it): the
 * money never went back. Inside the caller's transaction, once per refund: it is marked failed
 * (so a late event that still says "pending" never records it, and a staff refund made again gets
 * a new idempotency key), and if it was recorded its amount leaves the refunded total and the
 * payment becomes what the amounts say (paid, or partially refunded). This is the one move out
 * of "refunded", by a delta like the refund itself, so staff can refund again; the order's
 * status is left as it is (a cancelled order stays cancelled). A staff-only step says what
 * happened. Returns false when there was nothing to undo (never recorded, or undone before).
 */
export async function undoFailedRefund(
  deps: PaymentProcessDeps,
  trx: Kysely<Database>,
  input: { order: OrderRow; refundId: string; amount: number; reason: string | null; now: Date; via: string },
): Promise<boolean> {
  const { order, refundId, amount, now, via } = input;
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
  // flagged before the refund (the amount taken differs from the order, or it arrived after the
  // stock was gone from an open order) must not turn "paid" and look ready to ship.
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
  const what = `${via} could not complete refund ${refundId} of ${formatMoney(amount, order.currency)}${reason}`;
  await appendOrderHistory(trx, {
    orderId: order.id,
    status: "Refund failed",
    location: STAFF_STATUS_LOCATION,
    at: now,
    customerVisible: false,
    // Not corrected: only rows edited by hand (or a payment voided since) get here. Said to staff
    // and in the log, and answered: the provider sending the event again would change nothing.
    note: corrected
      ? `${what}: the money was not returned. Refund again, or contact the customer.`
      : `${what}, and the order's refunded amount could not be corrected for it: please check the payment in ${via}'s dashboard.`,
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
      ? `${via} could not complete a refund: the money was not returned`
      : "a failed refund could not be undone: the amounts disagree",
  );
  return true;
}

/** A refund as a provider's event reports it, in the shop's words (the adapter reads its provider's). */
export interface ReportedRefund {
  /** The provider's id of the refund. */
  id: string;
  amount: number;
  currency: string;
  /** It failed or was cancelled: the money never went back (or will not). */
  failed: boolean;
  /** Why it failed, in the provider's words; null when it does not say. */
  failureReason: string | null;
  /** The shop's attempt that made it (see refundOrderAmount), or null: made outside the shop. */
  attempt: string | null;
}

/** What a provider's refund event did, for logs and tests. */
export type ProviderRefundResult =
  /** A refund the shop had not recorded (made at the provider, or the shop's write failed). */
  | "refund_recorded"
  /** Already recorded (by the staff request that made it, or an earlier event): nothing to do. */
  | "refund_unchanged"
  /** A recorded refund that the provider failed: its amount is no longer counted as refunded. */
  | "refund_failed"
  /** A refund the order cannot take (more than is left, or the payment is not a paid one). */
  | "refund_not_recordable";

/**
 * A refund a provider's event reports, inside the webhook's transaction, for the order whose
 * payment it pays back. A refund that took or may take money back is recorded once by its id, as
 * the staff refund records it (recordRefund), so a refund made at the provider shows on the order
 * and its mail goes out (not for a cancellation's refund, told in the cancelled mail, nor when the
 * adapter says no: `customerMail`); a refund the shop made itself is usually recorded already. A
 * refund that failed is undone once if it was recorded (undoFailedRefund); a late event that
 * still reports it live changes nothing. A refund the order cannot take is logged for staff
 * (`checkAt`: where staff look at the provider) and left out: the provider retrying would not help.
 */
export async function applyProviderRefund(
  deps: PaymentProcessDeps,
  trx: Kysely<Database>,
  input: {
    orderId: string;
    refund: ReportedRefund;
    now: Date;
    /** The provider, as staff read it ("Stripe", "PayPal"). */
    via: string;
    /** Where staff check it, for the log ("in Stripe's dashboard"). */
    checkAt: string;
    customerMail: boolean;
  },
): Promise<ProviderRefundResult> {
  const { orderId, refund, now, via } = input;
  // Locked before it is read: a staff request recording the same refund has committed or waits.
  await lockOrderRow(trx, orderId);
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  if (refund.failed) {
    const undone = await undoFailedRefund(deps, trx, {
      order,
      refundId: refund.id,
      amount: refund.amount,
      reason: refund.failureReason,
      now,
      via,
    });
    return undone ? "refund_failed" : "refund_unchanged";
  }
  // Providers do not promise the order of their events: a "created" sent after the "failed" is stale.
  if (await hasPaymentEvent(trx, failedRefundEventId(refund.id))) return "refund_unchanged";
  const left = order.amount_paid_cents - order.amount_refunded_cents;
  const refundable = REFUNDABLE_PAYMENT_STATUSES.includes(order.payment_status);
  const sameCurrency = refund.currency.toLowerCase() === order.currency.toLowerCase();
  if (!refundable || !sameCurrency || refund.amount > left) {
    if (await hasPaymentEvent(trx, refundEventId(refund.id))) return "refund_unchanged";
    deps.logger.error(
      { orderId: order.id, refundId: refund.id, paymentStatus: order.payment_status },
      `a refund made at ${via} does not fit the order's payment and was not recorded: check it ${input.checkAt}`,
    );
    return "refund_not_recordable";
  }
  const { attempt } = refund;
  const recorded = await recordRefund(deps, trx, {
    order,
    refundId: refund.id,
    amount: refund.amount,
    requestEventId: null,
    // A cancellation's refund is told in the cancelled mail.
    queueMail: input.customerMail && !attempt?.startsWith("cancel:"),
    now,
    via,
    origin: attempt ? "shop" : "outside-shop",
  });
  return recorded.changed ? "refund_recorded" : "refund_unchanged";
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
