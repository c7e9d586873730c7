import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { insertDefaultSettings, STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import {
  encryptPayPalClientSecret,
  encryptStripeSecretKey,
  encryptStripeWebhookSecret,
} from "#server/settings/store-settings.ts";
import {
  TEST_PAYPAL_CLIENT_ID,
  TEST_PAYPAL_CLIENT_SECRET,
  TEST_PAYPAL_MERCHANT_ID,
  TEST_PAYPAL_WEBHOOK_ID,
} from "./paypal-stand-in.ts";

/** The keys tests give the store; the Stripe stand-in accepts any key that starts with sk_test_. */
export const TEST_STRIPE_SECRET_KEY = "sk_test_little_scrolls_0000000000000000";
export const TEST_STRIPE_WEBHOOK_SECRET = "whsec_little_scrolls_test_0000000000000000";

/** Turns on pay-by-invoice, as an admin would in Store Settings. */
export async function enableInvoicePayments(db: Kysely<Database>, options: { terms?: string } = {}): Promise<void> {
  await insertDefaultSettings(db, { now: new Date() });
  await db
    .updateTable("store_settings")
    .set({ enable_invoice: true, invoice_terms: options.terms ?? "Net 30" })
    .where("id", "=", STORE_SETTINGS_ID)
    .execute();
}

/** Turns on card payments with the test keys, encrypted with the app's secret as Store Settings saves them. */
export async function enableCardPayments(
  db: Kysely<Database>,
  appSecret: string,
  keys: { secretKey?: string; webhookSecret?: string } = {},
): Promise<void> {
  await insertDefaultSettings(db, { now: new Date() });
  await db
    .updateTable("store_settings")
    .set({
      enable_stripe: true,
      stripe_secret_key_encrypted: encryptStripeSecretKey(keys.secretKey ?? TEST_STRIPE_SECRET_KEY, appSecret),
      stripe_webhook_secret_encrypted: encryptStripeWebhookSecret(
        keys.webhookSecret ?? TEST_STRIPE_WEBHOOK_SECRET,
        appSecret,
      ),
    })
    .where("id", "=", STORE_SETTINGS_ID)
    .execute();
}

/**
 * Turns on PayPal with the stand-in's credentials and ids (sandbox), the secret encrypted with
 * the app's secret as Store Settings saves it. `merchantId`: the account the shop expects to be
 * paid (another one than the stand-in's makes every capture a payee mismatch).
 */
export async function enablePayPalPayments(
  db: Kysely<Database>,
  appSecret: string,
  options: { merchantId?: string | null; webhookId?: string } = {},
): Promise<void> {
  await insertDefaultSettings(db, { now: new Date() });
  await db
    .updateTable("store_settings")
    .set({
      enable_paypal: true,
      paypal_environment: "sandbox",
      paypal_client_id: TEST_PAYPAL_CLIENT_ID,
      paypal_client_secret_encrypted: encryptPayPalClientSecret(TEST_PAYPAL_CLIENT_SECRET, appSecret),
      paypal_webhook_id: options.webhookId ?? TEST_PAYPAL_WEBHOOK_ID,
      paypal_merchant_id: options.merchantId === undefined ? TEST_PAYPAL_MERCHANT_ID : options.merchantId,
    })
    .where("id", "=", STORE_SETTINGS_ID)
    .execute();
}
