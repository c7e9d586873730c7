import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_ID } from "./default-settings.ts";

/**
 * Turns maintenance ("Coming Soon") mode on or off. A store still running on defaults gets its
 * settings row here, with the default values and shipping methods, so switching the mode never
 * loses the shipping methods the store was offering.
 */
export async function setMaintenanceMode(
  db: Kysely<Database>,
  on: boolean,
  now = new Date(),
): Promise<{ enableMaintenanceMode: boolean; updatedAt: Timestamp }> {
  if (typeof on !== "boolean") throw new AppError("VALIDATION", "Please choose whether maintenance mode is on or off.");
  const updatedAt = now.toISOString();

  await db.transaction().execute(async (trx) => {
    // ON CONFLICT DO NOTHING: a row created meanwhile by another request is simply updated below.
    const created = await trx
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
        enable_maintenance_mode: on,
        updated_at: updatedAt,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();

    if (Number(created.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx
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
      return;
    }
    await trx
      .updateTable("store_settings")
      .set({ enable_maintenance_mode: on, updated_at: updatedAt })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
  });

  return { enableMaintenanceMode: on, updatedAt };
}
