import type { Env } from "#server/config/env.ts";
import type { AppServices } from "#server/services.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { SecretBoxError } from "#server/settings/secret-box.ts";
import { decryptStripeSecretKey, decryptStripeWebhookSecret } from "#server/settings/store-settings.ts";

/**
 * The one way the server reads the Stripe keys saved in Store Settings (write-only there, stored
 * encrypted). Two questions, asked differently:
 * - may the shop take a new card payment? (`loadCardPaymentConfig`: the card toggle on, both keys);
 * - may it settle a card order already placed? (`loadStripeSecretKey`, `loadStripeWebhookSecret`:
 *   the toggle is ignored, so switching cards off never strands an order that is being paid, is
 *   to be expired, cancelled or refunded).
 * A key that can no longer be read (APP_SECRET changed since it was saved) counts as none: the
 * admin must enter it again.
 */
type KeyDeps = Pick<AppServices, "db"> & { env: Pick<Env, "APP_SECRET"> };

export interface CardPaymentConfig {
  secretKey: string;
  webhookSecret: string;
}

interface StoredStripeKeys {
  cardsEnabled: boolean;
  secretKey: string | null;
  webhookSecret: string | null;
}

async function loadStoredStripeKeys({ db, env }: KeyDeps): Promise<StoredStripeKeys> {
  const row = await db
    .selectFrom("store_settings")
    .select(["enable_stripe", "stripe_secret_key_encrypted", "stripe_webhook_secret_encrypted"])
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  if (!row) return { cardsEnabled: false, secretKey: null, webhookSecret: null };
  return {
    cardsEnabled: Boolean(row.enable_stripe),
    secretKey: readable(() => decryptStripeSecretKey(row, env.APP_SECRET)),
    webhookSecret: readable(() => decryptStripeWebhookSecret(row, env.APP_SECRET)),
  };
}

function readable(decrypt: () => string | null): string | null {
  try {
    return decrypt();
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

/**
 * The Stripe keys when the shop can take a card payment: the card toggle is on and both the secret
 * key and the webhook signing secret are stored and readable. Without the webhook secret no
 * payment could ever be confirmed, so the store must not offer cards. Null otherwise.
 */
export async function loadCardPaymentConfig(deps: KeyDeps): Promise<CardPaymentConfig | null> {
  const { cardsEnabled, secretKey, webhookSecret } = await loadStoredStripeKeys(deps);
  return cardsEnabled && secretKey && webhookSecret ? { secretKey, webhookSecret } : null;
}

/** The secret key, toggle or not: for orders already placed (asked about, expired, cancelled, refunded). */
export async function loadStripeSecretKey(deps: KeyDeps): Promise<string | null> {
  return (await loadStoredStripeKeys(deps)).secretKey;
}

/** The webhook signing secret, toggle or not: a payment under way still reports to the shop. */
export async function loadStripeWebhookSecret(deps: KeyDeps): Promise<string | null> {
  return (await loadStoredStripeKeys(deps)).webhookSecret;
}
