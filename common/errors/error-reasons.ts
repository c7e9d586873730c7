/**
 * Every business reason an `AppError` may carry (server/errors/app-error.ts): the one case a
 * client reacts to when the HTTP category is not enough, as Medusa separates an error's type from
 * its reason. Client-safe, so forms compare against the same strings the server sends.
 */
export const ERROR_REASONS = [
  "already-shipped",
  "already-subscribed",
  "bad-signature",
  "cancelled",
  "changed",
  "currency-not-in-hundredths",
  "currency-not-taken",
  "fair-share",
  "illegal-payment-move",
  "import-problems",
  "invoice-allowance",
  "no-capture",
  "no-holds",
  "no-payment-intent",
  "no-secret",
  "not-awaiting",
  "not-refundable",
  "payment-being-confirmed",
  "payment-not-recorded",
  "payment-settling",
  "paypal-error",
  "paypal-not-configured",
  "paypal-order-voided",
  "paypal-refund-failed",
  "paypal-unreachable",
  "price-changed",
  "refund-found-at-stripe",
  "refunds-changed",
  "settings-changed",
  "sold-out",
  "stock-changed",
  "stripe-close-failed",
  "stripe-error",
  "stripe-not-configured",
  "stripe-refund-failed",
  "stripe-unreachable",
  "total-mismatch",
  "unpaid-hold-limit",
  "unreadable-event",
  "unverified-address",
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];
