import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { insertDefaultSettings, STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { encryptStripeSecretKey, encryptStripeWebhookSecret } from "#server/settings/store-settings.ts";

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
