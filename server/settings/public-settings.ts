// Not Pick<AppServices>: services.ts imports this module (through auth.ts), and a type import back would be a cycle.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_ID } from "./default-settings.ts";
import { readSocialLinks, type SocialLink } from "#common/settings/social-links.ts";

/** What any visitor may know about the store. Keys and secrets never appear here. */
export interface PublicStoreSettings {
  storeName: string;
  contactEmail: string;
  currency: string;
  maintenanceMode: boolean;
  shippingMethods: { id: string; name: string; rateCents: number }[];
  /** The footer's profile links (https only), in display order; none set: empty. */
  socialLinks: SocialLink[];
}

export async function getPublicStoreSettings({ db }: { db: Kysely<Database> }): Promise<PublicStoreSettings> {
  const row = await db
    .selectFrom("store_settings")
    .select(["store_name", "contact_email", "currency", "enable_maintenance_mode", "social_links"])
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  if (!row) {
    return {
      storeName: DEFAULT_STORE_SETTINGS.storeName,
      contactEmail: DEFAULT_STORE_SETTINGS.contactEmail,
      currency: DEFAULT_STORE_SETTINGS.currency,
      maintenanceMode: DEFAULT_STORE_SETTINGS.enableMaintenanceMode,
      shippingMethods: DEFAULT_STORE_SETTINGS.shippingMethods.map((method, index) => ({
        id: `default-${index}`,
        name: method.name,
        rateCents: method.rateCents,
      })),
      socialLinks: [],
    };
  }
  const methods = await db
    .selectFrom("shipping_methods")
    .select(["id", "name", "rate_cents"])
    .where("settings_id", "=", STORE_SETTINGS_ID)
    .where("enabled", "=", true)
    .orderBy("position")
    .execute();
  return {
    storeName: row.store_name,
    contactEmail: row.contact_email,
    currency: row.currency,
    maintenanceMode: Boolean(row.enable_maintenance_mode),
    shippingMethods: methods.map((m) => ({ id: m.id, name: m.name, rateCents: m.rate_cents })),
    socialLinks: readSocialLinks(row.social_links),
  };
}
