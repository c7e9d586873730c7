import type { CancelResult } from "#server/orders/cancel-order.ts";
import type { PaymentChange } from "#server/orders/mark-order-paid.ts";
import type { RefundResult } from "#server/orders/refund-order.ts";
import type { TrackingNumberChange } from "#server/orders/add-tracking-number.ts";
import type { ShippedMailResend } from "#server/orders/resend-shipped-mail.ts";
import type { AddedOrderNote } from "#server/orders/add-order-note.ts";
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
  addTracking: (result: TrackingNumberChange) => ({
    title: "Tracking number added",
    description: result.changed
      ? `Tracking number ${result.trackingNumber} added to order ${result.orderId}.`
      : `Order ${result.orderId} already has tracking number ${result.trackingNumber}.`,
  }),
  editTracking: (result: TrackingNumberChange) => ({
    title: "Tracking number saved",
    description: result.changed
      ? `Tracking number ${result.trackingNumber} saved for order ${result.orderId}. Send the shipped e-mail again to tell the customer.`
      : `Tracking number ${result.trackingNumber} was already saved like this.`,
  }),
  removeTracking: (result: TrackingNumberChange) => ({
    title: "Tracking number removed",
    description: result.changed
      ? `Tracking number ${result.trackingNumber} removed from order ${result.orderId}.`
      : `That tracking number was already removed from order ${result.orderId}.`,
  }),
  resendShippedMail: (result: ShippedMailResend) => ({
    title: "Shipped e-mail sent again",
    description: result.queued
      ? `The shipped e-mail of order ${result.orderId} is on its way to the customer.`
      : `The shipped e-mail of order ${result.orderId} was already sent again for this request.`,
  }),
  addNote: (result: AddedOrderNote) => ({
    title: "Note added",
    description: `Your note on order ${result.orderId} is saved. Customers never see notes.`,
  }),
};
