import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "#server/orders/order-history.ts";
import { applyProviderRefund, type ProviderRefundResult } from "#server/orders/payment-process.ts";
import { formatMoney } from "#common/money/money.ts";
import type { PayPalRefund } from "./paypal-schemas.ts";

/** What a refund event did, for logs and tests (the words of Stripe's refund events). */
export type PayPalRefundResult = ProviderRefundResult;

/**
 * A PAYMENT.CAPTURE.REFUNDED or PAYMENT.CAPTURE.REVERSED event, inside the webhook's
 * transaction, for the order whose capture the refund pays back, through the process's
 * `applyProviderRefund` as Stripe's refund events are: a refund that took or may take money back
 * (COMPLETED, PENDING) is recorded once by its id, so a refund made in PayPal's
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
  const result = await applyProviderRefund(deps, trx, {
    orderId,
    refund: {
      id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      failed: refund.status === "FAILED" || refund.status === "CANCELLED",
      failureReason: refund.statusReason,
      attempt: refund.customId,
    },
    now,
    via: "PayPal",
    checkAt: "in PayPal",
    // A chargeback is the buyer's own doing.
    customerMail: !reversal,
  });
  if (result === "refund_recorded" && reversal) {
    await appendOrderHistory(trx, {
      orderId,
      status: "Payment reversed by PayPal",
      location: STAFF_STATUS_LOCATION,
      at: now,
      customerVisible: false,
      note: `PayPal took back ${formatMoney(refund.amount, refund.currency)} for the buyer (refund ${refund.id}): a dispute or chargeback. Check it in your PayPal account.`,
    });
  }
  return result;
}
