import type { Env } from "#server/config/env.ts";
import type { AppServices } from "#server/services.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { SecretBoxError } from "#server/settings/secret-box.ts";
import { decryptStripeSecretKey, decryptStripeWebhookSecret } from "#server/settings/store-settings.ts";

export interface CardPaymentConfig {
  secretKey: string;
  webhookSecret: string;
}

/**
 * The Stripe keys when card payments can be taken: the card toggle is on and both the secret
 * key and the webhook signing secret are stored and readable. Without the webhook secret no
 * payment could ever be confirmed, so the store must not offer cards. Null otherwise.
 */
export async function loadCardPaymentConfig({
  db,
  env,
}: Pick<AppServices, "db"> & { env: Pick<Env, "APP_SECRET"> }): Promise<CardPaymentConfig | null> {
  const row = await db
    .selectFrom("store_settings")
    .select(["enable_stripe", "stripe_secret_key_encrypted", "stripe_webhook_secret_encrypted"])
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  if (!row || !row.enable_stripe) return null;
  try {
    const secretKey = decryptStripeSecretKey(row, env.APP_SECRET);
    const webhookSecret = decryptStripeWebhookSecret(row, env.APP_SECRET);
    return secretKey && webhookSecret ? { secretKey, webhookSecret } : null;
  } catch (error) {
    // APP_SECRET changed since the keys were saved: the admin must enter them again.
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}
