import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "#server/orders/order-history.ts";
import { lockOrderRow } from "#server/orders/lock-order-row.ts";
import {
  failedRefundEventId,
  hasPaymentEvent,
  recordRefund,
  refundEventId,
  undoFailedRefund,
} from "#server/orders/payment-process.ts";
import { REFUNDABLE_PAYMENT_STATUSES } from "#common/orders/payment-status.ts";
import { formatMoney } from "#common/money/money.ts";
import type { PayPalRefund } from "./paypal-schemas.ts";

/** What a refund event did, for logs and tests (the words of Stripe's refund events). */
export type PayPalRefundResult = "refund_recorded" | "refund_unchanged" | "refund_failed" | "refund_not_recordable";

/**
 * A PAYMENT.CAPTURE.REFUNDED or PAYMENT.CAPTURE.REVERSED event, inside the webhook's
 * transaction, for the order whose capture the refund pays back. As Stripe's refund events
 * (apply-stripe-refund.ts): a refund that took or may take money back (COMPLETED, PENDING) is
 * recorded once by its id through the process's `recordRefund`, so a refund made in PayPal's
 * account shows on the order with its history step and mail, and one the shop made (its attempt
 * in custom_id) is usually recorded already; a FAILED or CANCELLED one is undone once if it was
 * recorded. A reversal (a chargeback: PayPal took the money back for the buyer) is recorded the
 * same way, without the customer's refund mail, and with a staff-only step saying what it was. A
 * refund the order cannot take is logged for staff and left out: PayPal retrying would not help.
 */
export async function applyPayPalRefund(
  deps: { logger: Logger },
  trx: Kysely<Database>,
  input: { orderId: string; refund: PayPalRefund; reversal: boolean; now: Date },
): Promise<PayPalRefundResult> {
  const { orderId, refund, reversal, now } = input;
  await lockOrderRow(trx, orderId);
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  if (refund.status === "FAILED" || refund.status === "CANCELLED") {
    const undone = await undoFailedRefund(deps, trx, {
      order,
      refundId: refund.id,
      amount: refund.amount,
      reason: refund.statusReason,
      now,
      via: "PayPal",
    });
    return undone ? "refund_failed" : "refund_unchanged";
  }
  if (await hasPaymentEvent(trx, failedRefundEventId(refund.id))) return "refund_unchanged";
  const left = order.amount_paid_cents - order.amount_refunded_cents;
  const refundable = REFUNDABLE_PAYMENT_STATUSES.includes(order.payment_status);
  const sameCurrency = refund.currency.toLowerCase() === order.currency.toLowerCase();
  if (!refundable || !sameCurrency || refund.amount > left) {
    if (await hasPaymentEvent(trx, refundEventId(refund.id))) return "refund_unchanged";
    deps.logger.error(
      { orderId: order.id, refundId: refund.id, paymentStatus: order.payment_status },
      "a refund made at PayPal does not fit the order's payment and was not recorded: check it in PayPal",
    );
    return "refund_not_recordable";
  }
  const attempt = refund.customId;
  const recorded = await recordRefund(deps, trx, {
    order,
    refundId: refund.id,
    amount: refund.amount,
    requestEventId: null,
    // A cancellation's refund is told in the cancelled mail; a chargeback is the buyer's own doing.
    queueMail: !reversal && !attempt?.startsWith("cancel:"),
    now,
    via: "PayPal",
    origin: attempt ? "shop" : "outside-shop",
  });
  if (recorded.changed && reversal) {
    await appendOrderHistory(trx, {
      orderId: order.id,
      status: "Payment reversed by PayPal",
      location: STAFF_STATUS_LOCATION,
      at: now,
      customerVisible: false,
      note: `PayPal took back ${formatMoney(refund.amount, refund.currency)} for the buyer (refund ${refund.id}): a dispute or chargeback. Check it in your PayPal account.`,
    });
  }
  return recorded.changed ? "refund_recorded" : "refund_unchanged";
}
