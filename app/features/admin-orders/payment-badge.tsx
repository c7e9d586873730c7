import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "#common/orders/payment-status.ts";

/** Colours per payment state: money in green, waiting amber, trouble red, money returned or void grey. */
const PAYMENT_CLASSES: Record<PaymentStatus, string> = {
  awaiting_payment: "bg-amber-100 text-amber-900",
  paid: "bg-green-100 text-green-900",
  partially_refunded: "bg-purple-100 text-purple-900",
  refunded: "bg-gray-100 text-gray-900",
  payment_failed: "bg-red-100 text-red-900",
  expired: "bg-gray-100 text-gray-900",
  needs_review: "bg-red-100 text-red-900",
  voided: "bg-gray-100 text-gray-900",
};

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold ${PAYMENT_CLASSES[status]}`}
      data-testid="payment-badge"
    >
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}
