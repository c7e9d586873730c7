import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { SecretBoxError } from "#server/settings/secret-box.ts";
import { decryptStripeSecretKey } from "#server/settings/store-settings.ts";

/**
 * The stored Stripe secret key whether or not the card toggle is on: orders placed before it was
 * switched off must still be settled (asked about, expired) with Stripe. Null when none is
 * stored or it can no longer be read (APP_SECRET changed).
 */
export async function loadStripeSecretKey(db: Kysely<Database>, appSecret: string): Promise<string | null> {
  const row = await db
    .selectFrom("store_settings")
    .select("stripe_secret_key_encrypted")
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return decryptStripeSecretKey(row, appSecret);
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}
