import type { PaymentProvider, PaymentProviders } from "#server/orders/payment-provider.ts";
import { payPalPaymentProvider, type PayPalProviderDeps } from "./paypal/paypal-payment-provider.ts";
import { stripePaymentProvider, type StripeProviderDeps } from "./stripe/stripe-payment-provider.ts";

/**
 * The provider of each payment method, built once by startServices (server/boot.ts) and handed
 * to the staff order actions: the one place that knows which adapter serves which method. A new
 * provider is a folder beside stripe/ and a line here.
 */
export function createPaymentProviders(deps: StripeProviderDeps & PayPalProviderDeps): PaymentProviders {
  return { card: stripePaymentProvider(deps), invoice: invoicePayments, paypal: payPalPaymentProvider(deps) };
}

/**
 * Invoices are paid and paid back outside the shop: there is no page to close, and staff record
 * the money they returned (refund-order.ts records it without a provider's refund).
 */
const invoicePayments: PaymentProvider = {
  name: "invoice",
  closePaymentPage: async () => ({ kind: "closed" }),
  listRefunds: async () => null,
};
