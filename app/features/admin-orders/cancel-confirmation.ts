import { formatMoney } from "#common/money/money.ts";
import {
  isProviderPayment,
  PAYMENT_PROVIDER_NAMES,
  REFUNDABLE_PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from "#common/orders/payment-status.ts";

/** What the cancel question needs to know of an order: the list's row and the details both have it. */
export interface CancellableOrder {
  id: string;
  currency: string;
  paymentMethod: PaymentMethod | null;
  paymentStatus: PaymentStatus;
  amountPaidCents: number;
  amountRefundedCents: number;
}

/**
 * The one question asked before staff cancel an order, from the status list or the details
 * dialog: what the cancel will do, as `cancelOrder` does it (a paid card or PayPal order is
 * refunded what it still holds; a paid invoice is not, staff return that money themselves).
 */
export function cancelConfirmation(order: CancellableOrder): { title: string; description: string } {
  const held = order.amountPaidCents - order.amountRefundedCents;
  const title = `Cancel order ${order.id}?`;
  const end = "The customer is told by e-mail. This cannot be undone.";
  if (isProviderPayment(order.paymentMethod) && held > 0 && REFUNDABLE_PAYMENT_STATUSES.includes(order.paymentStatus)) {
    return {
      title,
      description: `The customer is refunded ${formatMoney(held, order.currency)} through ${PAYMENT_PROVIDER_NAMES[order.paymentMethod]} and told by e-mail; its items go back to stock. This cannot be undone.`,
    };
  }
  if (order.paymentMethod === "invoice" && held > 0) {
    return {
      title,
      description: `Its items go back to stock. The ${formatMoney(held, order.currency)} paid by invoice is not refunded by the shop: record it with Refund once you have returned it. ${end}`,
    };
  }
  if (order.paymentStatus === "awaiting_payment") {
    return {
      title,
      description: `Its items go back to stock and the payment still awaited is voided${isProviderPayment(order.paymentMethod) ? " (its payment page is closed)" : ""}. ${end}`,
    };
  }
  return { title, description: `Its items go back to stock. ${end}` };
}
