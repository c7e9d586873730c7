import type { CancelResult } from "#server/orders/cancel-order.ts";
import type { PaymentChange } from "#server/orders/mark-order-paid.ts";
import type { RefundResult } from "#server/orders/refund-order.ts";
import { formatMoney } from "#common/money/money.ts";

/** The toasts of the Order Details actions, set by the orders route's action (decision 6). */
export const ORDER_ACTION_TOASTS = {
  markPaid: (result: PaymentChange) => ({
    title: "Payment recorded",
    description: result.changed
      ? `Order ${result.orderId} is marked paid.`
      : `Order ${result.orderId} was already paid.`,
  }),
  cancel: (result: CancelResult) => ({
    title: "Order cancelled",
    description: !result.changed
      ? `Order ${result.orderId} was already cancelled.`
      : [
          `Order ${result.orderId} is cancelled.`,
          result.stockReturned ? "Its items are back in stock." : null,
          result.refundedCents > 0 ? "The payment was refunded in full." : null,
        ]
          .filter(Boolean)
          .join(" "),
  }),
  refund: (result: RefundResult) => ({
    title: "Refund recorded",
    description: result.changed
      ? `${formatMoney(result.refundedCents, result.currency)} refunded for order ${result.orderId}.`
      : `This refund of order ${result.orderId} was already recorded.`,
  }),
};
