import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { loadPayPalCheckoutConfig } from "#server/payments/paypal/paypal-config.ts";
import { loadCardPaymentConfig } from "#server/payments/stripe/stripe-keys.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";

/** How the store can take payment right now. */
export interface PaymentOptions {
  /** Stripe is switched on and both its secret key and webhook secret are stored and readable. */
  card: boolean;
  /** PayPal is switched on and fully configured (paypal-config.ts), in a currency PayPal takes. */
  paypal: boolean;
  /** Pay by invoice is switched on; `terms` is the text the buyer reads (e.g. "Net 30"). */
  invoice: { terms: string | null } | null;
}

/**
 * The payment methods the checkout may offer now. Checkout opens only when at least one is
 * available (`isCheckoutAvailable`).
 */
export async function loadPaymentOptions(deps: {
  db: Kysely<Database>;
  env: { APP_SECRET: string };
}): Promise<PaymentOptions> {
  const [card, paypal, settings] = await Promise.all([
    loadCardPaymentConfig(deps),
    loadPayPalCheckoutConfig(deps),
    deps.db
      .selectFrom("store_settings")
      .select(["enable_invoice", "invoice_terms"])
      .where("id", "=", STORE_SETTINGS_ID)
      .executeTakeFirst(),
  ]);
  return {
    card: card !== null,
    paypal: paypal !== null,
    invoice: settings && Boolean(settings.enable_invoice) ? { terms: settings.invoice_terms?.trim() || null } : null,
  };
}

export function isCheckoutAvailable(options: PaymentOptions): boolean {
  return options.card || options.paypal || options.invoice !== null;
}
