import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * The store's settings before an admin changes them: written into the settings row by the seed,
 * and used as-is when no row exists yet. The store's name and contact address live in that row;
 * this is the only place in code that knows their first values.
 */
export const DEFAULT_STORE_SETTINGS = {
  storeName: "Little Scrolls Press",
  contactEmail: "hello@littlescrolls.example",
  currency: "USD",
  enableStripe: true,
  enablePaypal: false,
  enableMaintenanceMode: false,
  shippingMethods: [
    { name: "Standard Shipping", rateCents: 500, enabled: true },
    { name: "Express Shipping", rateCents: 1500, enabled: true },
  ],
} as const;

export const STORE_SETTINGS_ID = "store";

/**
 * Writes the settings row with the default values and the default shipping methods, unless a row
 * exists already (then nothing changes). Returns whether it wrote. Run it inside a transaction.
 */
export async function insertDefaultSettings(
  db: Kysely<Database>,
  { now, maintenanceMode = DEFAULT_STORE_SETTINGS.enableMaintenanceMode }: { now: Date; maintenanceMode?: boolean },
): Promise<boolean> {
  const created = await db
    .insertInto("store_settings")
    .values({
      id: STORE_SETTINGS_ID,
      store_name: DEFAULT_STORE_SETTINGS.storeName,
      contact_email: DEFAULT_STORE_SETTINGS.contactEmail,
      currency: DEFAULT_STORE_SETTINGS.currency,
      enable_stripe: DEFAULT_STORE_SETTINGS.enableStripe,
      stripe_publishable_key: null,
      stripe_secret_key_encrypted: null,
      enable_paypal: DEFAULT_STORE_SETTINGS.enablePaypal,
      paypal_client_id: null,
      enable_maintenance_mode: maintenanceMode,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  if (Number(created.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .insertInto("shipping_methods")
    .values(
      DEFAULT_STORE_SETTINGS.shippingMethods.map((method, position) => ({
        id: randomUUID(),
        settings_id: STORE_SETTINGS_ID,
        name: method.name,
        rate_cents: method.rateCents,
        enabled: method.enabled,
        position,
      })),
    )
    .execute();
  return true;
}
