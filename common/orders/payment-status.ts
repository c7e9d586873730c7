/**
 * The payment axis of an order, beside its fulfilment status (decision 9). Client-safe: no
 * imports. The webhook and the staff actions move an order to a state, never by a delta, and
 * only along the arrows of PAYMENT_TRANSITIONS, so a replayed or late event cannot undo a later
 * one (a "completed" after "expired" is handled by its own rule: see the webhook). Refunds are
 * the exception: each is recorded once by its id and moves the refunded total, and the payment
 * becomes what the amounts say, also out of "refunded" when Stripe fails a refund. Every move is
 * made by server/orders/payment-process.ts.
 */
export const PAYMENT_METHODS = ["card", "invoice", "paypal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Methods paid at a provider's page right after the order is placed (Stripe's for cards,
 * PayPal's): only the provider confirms them, and the order holds its stock for minutes while
 * the buyer pays (CARD_HOLD_MINUTES). Invoices are paid outside the shop, and staff record them.
 */
export type ProviderPaymentMethod = Exclude<PaymentMethod, "invoice">;

export function isProviderPayment(method: PaymentMethod | null | undefined): method is ProviderPaymentMethod {
  return method === "card" || method === "paypal";
}

/** The provider that takes each such payment, as staff and buyers read its name. */
export const PAYMENT_PROVIDER_NAMES: Record<ProviderPaymentMethod, string> = { card: "Stripe", paypal: "PayPal" };

export const PAYMENT_STATUSES = [
  "awaiting_payment",
  "paid",
  "partially_refunded",
  "refunded",
  "payment_failed",
  "expired",
  "needs_review",
  "voided",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where each state may go next. A state missing on the right of every arrow is never re-entered. */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // Card and PayPal: paid (webhook, return page, sweeper), failed or expired (webhook or sweeper),
  // needs_review (amount, or for PayPal the order or payee, mismatch).
  // Invoice: paid (staff), voided (cancelled before payment).
  awaiting_payment: ["paid", "payment_failed", "expired", "needs_review", "voided"],
  paid: ["partially_refunded", "refunded"],
  partially_refunded: ["partially_refunded", "refunded"],
  refunded: [],
  // A payment completed after its session expired lands here when its stock is gone.
  expired: ["paid", "needs_review"],
  payment_failed: ["paid", "needs_review"],
  // Staff decide: accept it as paid, or refund it.
  needs_review: ["paid", "refunded", "voided"],
  voided: [],
};

/** Payments that hold money the shop can give back (a refund, or a cancel's refund). */
export const REFUNDABLE_PAYMENT_STATUSES: readonly PaymentStatus[] = ["paid", "partially_refunded", "needs_review"];

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** Words for customers and staff. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  payment_failed: "Payment failed",
  expired: "Payment expired",
  needs_review: "Needs review",
  voided: "Voided",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card (Stripe)",
  invoice: "Invoice / purchase order",
  paypal: "PayPal",
};

/** The method in a word, where a list has room for one. */
export const PAYMENT_METHOD_SHORT_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  invoice: "Invoice",
  paypal: "PayPal",
};

/** An order's payment in a few words, for buyers' lists: "Paid · PayPal", "Awaiting payment · Invoice". */
export function paymentSummary(method: PaymentMethod | null, status: PaymentStatus): string {
  return method
    ? `${PAYMENT_STATUS_LABELS[status]} · ${PAYMENT_METHOD_SHORT_LABELS[method]}`
    : PAYMENT_STATUS_LABELS[status];
}
