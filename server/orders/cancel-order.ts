import { AppError } from "#server/errors/app-error.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import type { Selectable } from "kysely";
import type { OrdersTable, OrderStatus, Timestamp } from "#server/db/schema.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "./order-history.ts";
import {
  isProviderPayment,
  REFUNDABLE_PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from "#common/orders/payment-status.ts";
import { applyPaymentOutcome, settleCancelledPayment } from "./payment-process.ts";
import { refundOrderAmount, type OrderActionDeps } from "./refund-order.ts";

export interface CancelResult {
  orderId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  updatedAt: Timestamp;
  /** This call gave the order's units back to stock. */
  stockReturned: boolean;
  /** Refunded through its provider by this call (a paid card or PayPal order); 0 otherwise. */
  refundedCents: number;
  /** False when the order was already cancelled (a double-click): nothing was written. */
  changed: boolean;
}

const NOT_CANCELLABLE: readonly OrderStatus[] = ["Shipped", "Delivered", "Cancelled"];

/**
 * Staff cancel an order that has not left the store: its status becomes Cancelled, its units go
 * back to stock exactly once and a payment still awaited is voided (`settleCancelledPayment`; a
 * card or PayPal order's payment page is closed first, so the buyer cannot pay for it afterwards), and a
 * paid card or PayPal order is refunded in full through its provider first (so a refused refund leaves the
 * order as it was). A paid invoice order keeps its payment: the school paid outside the shop, and staff record
 * the money they return with Refund. Queues the cancelled mail. Cancelling twice changes nothing;
 * a shipped or delivered order cannot be cancelled. The id is checked by the caller (the orders
 * action parses the form with orderActionSchema); an unknown one is NOT_FOUND.
 */
export async function cancelOrder(
  deps: OrderActionDeps,
  input: { orderId: string; onlyWhileUnpaid?: boolean },
): Promise<CancelResult> {
  const method = (
    await deps.db.selectFrom("orders").select("payment_method").where("id", "=", input.orderId).executeTakeFirst()
  )?.payment_method;
  // Taking turns with the provider's own capture step: a payment is taken before or not at all.
  const provider = method ? deps.paymentProviders[method] : undefined;
  return provider?.exclusive ? provider.exclusive(input.orderId, () => cancelNow(deps, input)) : cancelNow(deps, input);
}

async function cancelNow(
  deps: OrderActionDeps,
  input: { orderId: string; onlyWhileUnpaid?: boolean },
): Promise<CancelResult> {
  const { orderId, onlyWhileUnpaid = false } = input;
  const readOrder = () => deps.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  let order = await readOrder();
  if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
  if (order.status === "Cancelled") return unchanged(order);
  refuseShipped(order.status);

  let unknownPageNote: string | null = null;
  if (order.payment_method && order.payment_status === "awaiting_payment") {
    unknownPageNote = await closePaymentPage(deps, order, order.payment_method);
    order = (await readOrder())!;
    if (order.status === "Cancelled") return unchanged(order);
  }
  // A release of unpaid holds leaves an order that got paid meanwhile (here, or at Stripe just now).
  if (onlyWhileUnpaid && order.payment_status !== "awaiting_payment") return unchanged(order);

  let refundedCents = 0;
  const moneyHeld = order.amount_paid_cents - order.amount_refunded_cents;
  if (
    isProviderPayment(order.payment_method) &&
    moneyHeld > 0 &&
    REFUNDABLE_PAYMENT_STATUSES.includes(order.payment_status)
  ) {
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
    const { stockReturned, paymentStatus, voided } = await settleCancelledPayment(trx, { order: current });
    const notes = [stockReturned ? "Stock returned" : null, unknownPageNote];
    if (voided) notes.push("Payment voided");
    if (refundedCents > 0 && current.payment_method) {
      notes.push(`Refunded in full through ${deps.paymentProviders[current.payment_method].name}`);
    }
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
      { reason: "already-shipped" },
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
 * Closes an unpaid order's payment page at its provider before staff cancel it. A payment taken
 * in the meantime is recorded as the webhook would record it, and the cancellation then refunds
 * it; the provider refuses (AppError) when the page cannot be closed now, and nothing is
 * cancelled. Returns the staff note when the provider does not know the page (its keys were
 * changed since): nothing can be paid through it, and the order is cancelled.
 */
async function closePaymentPage(
  deps: OrderActionDeps,
  order: Selectable<OrdersTable>,
  method: PaymentMethod,
): Promise<string | null> {
  const closed = await deps.paymentProviders[method].closePaymentPage(order);
  if (closed.kind === "unknown") return closed.note;
  if (closed.kind === "paid") {
    await deps.db.transaction().execute((trx) =>
      applyPaymentOutcome(deps, trx, {
        orderId: order.id,
        payment: closed.payment,
        outcome: "paid",
        now: deps.clock(),
      }),
    );
  }
  return null;
}
