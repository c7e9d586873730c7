import type { Env } from "#server/config/env.ts";
import type { AppServices } from "#server/services.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { SecretBoxError } from "#server/settings/secret-box.ts";
import { decryptStripeSecretKey } from "#server/settings/store-settings.ts";

/**
 * The stored Stripe secret key whether or not the card toggle is on: orders placed before it was
 * switched off must still be settled (asked about, expired) with Stripe. Null when none is
 * stored or it can no longer be read (APP_SECRET changed).
 */
export async function loadStripeSecretKey({
  db,
  env,
}: Pick<AppServices, "db"> & { env: Pick<Env, "APP_SECRET"> }): Promise<string | null> {
  const row = await db
    .selectFrom("store_settings")
    .select("stripe_secret_key_encrypted")
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return decryptStripeSecretKey(row, env.APP_SECRET);
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}
