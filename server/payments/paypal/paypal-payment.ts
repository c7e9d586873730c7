import type { PaymentOutcome, ReportedPayment } from "#server/orders/payment-process.ts";
import type { PayPalCapture, PayPalOrder } from "./paypal-schemas.ts";

/** How notes name a PayPal order. */
export const payPalPageLabel = (paypalOrderId: string) => `PayPal order ${paypalOrderId}`;

/**
 * What a capture says happened to the payment: paid once PayPal took the money (a capture
 * refunded since was paid first: its refunds are recorded apart), pending while PayPal holds it
 * for review or an eCheck clears, failed when PayPal declined or denied it. An order COMPLETED is
 * no proof of payment: its capture is.
 */
export function outcomeOfCapture(capture: Pick<PayPalCapture, "status">): PaymentOutcome | null {
  switch (capture.status) {
    case "COMPLETED":
    case "PARTIALLY_REFUNDED":
    case "REFUNDED":
      return "paid";
    case "PENDING":
      return "pending";
    case "DECLINED":
    case "FAILED":
      return "failed";
    default:
      return null;
  }
}

/**
 * A PayPal order and its capture in the payment process's words. Amount and currency are the
 * capture's (what PayPal took), else the order's; the reference is the capture, which refunds
 * name. `mismatch` says why the payment is not plainly this shop order's, whatever its amount:
 * the capture or order names another order (custom_id), or it was paid to an account other than
 * the shop's merchant id (or there is no merchant id to check it against). The process flags
 * such a payment for review instead of taking it as paid.
 */
export function reportedPayPalPayment(
  paypalOrder: PayPalOrder,
  capture: PayPalCapture | null,
  expected: { shopOrderId: string; merchantId: string | null },
): ReportedPayment {
  const customId = capture?.customId ?? paypalOrder.customId;
  const payee = paypalOrder.payeeMerchantId;
  let mismatch: string | null = null;
  if (customId !== expected.shopOrderId) {
    mismatch = customId
      ? `PayPal's payment names order ${customId}, not this one`
      : "PayPal's payment names no order of the shop";
  } else if (!expected.merchantId) {
    mismatch = "No PayPal merchant ID is set in Store Settings, so whom PayPal paid could not be checked";
  } else if (payee !== expected.merchantId) {
    mismatch = `PayPal paid account ${payee ?? "(not named)"}, not the shop's merchant ID ${expected.merchantId}`;
  }
  return {
    provider: "PayPal",
    pageId: paypalOrder.id,
    pageLabel: payPalPageLabel(paypalOrder.id),
    amountCents: capture?.amount ?? paypalOrder.amount,
    currency: capture?.currency ?? paypalOrder.currency,
    reference: capture?.id ?? null,
    mismatch,
  };
}
