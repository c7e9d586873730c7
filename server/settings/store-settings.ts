import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { StoreSettingsRow, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_ID } from "./default-settings.ts";
import { decryptSecret, encryptSecret, SecretBoxError, type SecretBoxKey } from "./secret-box.ts";
import { isCountryCode } from "#common/settings/country-codes.ts";
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  storeSettingsFormSchema,
  type PayPalEnvironmentSetting,
  type StoreSettingsForm,
} from "#common/settings/settings-schema.ts";
import { checkForm } from "#common/forms/check-form.ts";
import { readSocialLinks, type SocialLink } from "#common/settings/social-links.ts";

const STRIPE_SECRET_KEY_PURPOSE = "store_settings.stripe_secret_key";
const STRIPE_WEBHOOK_SECRET_PURPOSE = "store_settings.stripe_webhook_secret";
const PAYPAL_CLIENT_SECRET_PURPOSE = "store_settings.paypal_client_secret";

/** Keys shorter than this show no last digits: four characters would give too much of it away. */
const LAST4_MIN_LENGTH = 12;

export interface AdminShippingMethod {
  id: string;
  name: string;
  rateCents: number;
  /** Added for each item after the first (decision 37). */
  perItemCents: number;
  /** Free from this order subtotal; null: never. */
  freeAboveCents: number | null;
  enabled: boolean;
}

/** A write-only secret as the screen may see it: whether one is stored, and its last four characters. */
export interface SecretStatus {
  isSet: boolean;
  /** Null when none is set, it is short, or it cannot be decrypted (APP_SECRET changed). */
  last4: string | null;
}

/**
 * The Store Settings screen's data. Secrets are write-only: the Stripe secret key, the webhook
 * signing secret and PayPal's client secret appear only as whether one is stored and its last
 * four characters.
 */
export interface AdminStoreSettings {
  storeName: string;
  contactEmail: string;
  /** The seller's address on invoices and packing slips, lines joined by "\n"; null: none. */
  postalAddress: string | null;
  currency: string;
  enableStripe: boolean;
  stripePublishableKey: string | null;
  stripeSecretKey: SecretStatus;
  stripeWebhookSecret: SecretStatus;
  enablePaypal: boolean;
  paypalClientId: string | null;
  paypalClientSecret: SecretStatus;
  /** The id PayPal gave the shop's webhook (events are verified against it). */
  paypalWebhookId: string | null;
  /** The shop's PayPal merchant id: a capture paid to another account is flagged for review. */
  paypalMerchantId: string | null;
  paypalEnvironment: PayPalEnvironmentSetting;
  /** Pay by invoice / purchase order, with the terms printed on the invoice (e.g. "Net 30"). */
  enableInvoice: boolean;
  invoiceTerms: string | null;
  enableMaintenanceMode: boolean;
  /** The dashboard lists books with this many copies or fewer. */
  lowStockThreshold: number;
  /** ISO 3166-1 alpha-2 codes the store ships to; empty means everywhere. */
  shippingCountries: string[];
  /** In display order. */
  shippingMethods: AdminShippingMethod[];
  /** The footer's profile links, networks first, in display order. */
  socialLinks: SocialLink[];
  /** Null while the store runs on defaults (no settings row yet). */
  updatedAt: Timestamp | null;
}

/** The settings screen's values before any are saved: the defaults of the specification. */
function defaultAdminSettings(): AdminStoreSettings {
  return {
    storeName: DEFAULT_STORE_SETTINGS.storeName,
    contactEmail: DEFAULT_STORE_SETTINGS.contactEmail,
    postalAddress: null,
    currency: DEFAULT_STORE_SETTINGS.currency,
    enableStripe: DEFAULT_STORE_SETTINGS.enableStripe,
    stripePublishableKey: null,
    stripeSecretKey: { isSet: false, last4: null },
    stripeWebhookSecret: { isSet: false, last4: null },
    enablePaypal: DEFAULT_STORE_SETTINGS.enablePaypal,
    paypalClientId: null,
    paypalClientSecret: { isSet: false, last4: null },
    paypalWebhookId: null,
    paypalMerchantId: null,
    paypalEnvironment: "sandbox",
    enableInvoice: false,
    invoiceTerms: null,
    enableMaintenanceMode: DEFAULT_STORE_SETTINGS.enableMaintenanceMode,
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    shippingCountries: [],
    // Placeholder ids: they match no stored method, so saving gives these rows real ids.
    shippingMethods: DEFAULT_STORE_SETTINGS.shippingMethods.map((method, index) => ({
      id: `default-${index}`,
      name: method.name,
      rateCents: method.rateCents,
      perItemCents: 0,
      freeAboveCents: null,
      enabled: method.enabled,
    })),
    socialLinks: [],
    updatedAt: null,
  };
}

/**
 * The settings as stored, or the defaults (with their two shipping methods) when no row exists.
 * Given `env` (its APP_SECRET) it shows the secrets' last four characters; without it `last4` is null.
 */
export async function getStoreSettingsForAdmin({
  db,
  env,
}: Pick<AppServices, "db"> & { env?: Pick<Env, "APP_SECRET"> }): Promise<AdminStoreSettings> {
  const appSecret = env?.APP_SECRET;
  const row = await db.selectFrom("store_settings").selectAll().where("id", "=", STORE_SETTINGS_ID).executeTakeFirst();
  if (!row) return defaultAdminSettings();

  const methods = await db
    .selectFrom("shipping_methods")
    .select(["id", "name", "rate_cents", "per_item_cents", "free_above_cents", "enabled"])
    .where("settings_id", "=", STORE_SETTINGS_ID)
    .orderBy("position")
    .orderBy("id")
    .execute();

  return {
    storeName: row.store_name,
    contactEmail: row.contact_email,
    postalAddress: row.postal_address,
    currency: row.currency,
    enableStripe: Boolean(row.enable_stripe),
    stripePublishableKey: row.stripe_publishable_key,
    stripeSecretKey: describeSecret(row.stripe_secret_key_encrypted, STRIPE_SECRET_KEY_PURPOSE, appSecret),
    stripeWebhookSecret: describeSecret(row.stripe_webhook_secret_encrypted, STRIPE_WEBHOOK_SECRET_PURPOSE, appSecret),
    enablePaypal: Boolean(row.enable_paypal),
    paypalClientId: row.paypal_client_id,
    paypalClientSecret: describeSecret(row.paypal_client_secret_encrypted, PAYPAL_CLIENT_SECRET_PURPOSE, appSecret),
    paypalWebhookId: row.paypal_webhook_id,
    paypalMerchantId: row.paypal_merchant_id,
    paypalEnvironment: row.paypal_environment,
    enableInvoice: Boolean(row.enable_invoice),
    invoiceTerms: row.invoice_terms,
    enableMaintenanceMode: Boolean(row.enable_maintenance_mode),
    lowStockThreshold: row.low_stock_threshold,
    shippingCountries: readShippingCountries(row.shipping_countries),
    shippingMethods: methods.map((m) => ({
      id: m.id,
      name: m.name,
      rateCents: m.rate_cents,
      perItemCents: m.per_item_cents,
      freeAboveCents: m.free_above_cents,
      enabled: Boolean(m.enabled),
    })),
    socialLinks: readSocialLinks(row.social_links),
    updatedAt: row.updated_at,
  };
}

/** A time as the settings' `updatedAt` is read (toISOString): a posted value is compared only if it is one. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const SETTINGS_CHANGED_MESSAGE =
  "The settings were changed elsewhere since this page was opened (another admin, or the Coming Soon page). Nothing was saved: reload the page to see them, then make your changes again.";

/**
 * Saves the Store Settings form (see settings-schema.ts), creating the settings row if the store
 * still runs on defaults. The shipping method list replaces the stored one: rows sent with an
 * existing id keep it, others get a new id, and list order becomes `position`. The Stripe secret
 * key, the webhook signing secret and PayPal's client secret are each kept, replaced (encrypted
 * with a key derived from APP_SECRET) or cleared as the form's `stripeSecretKeyAction`,
 * `stripeWebhookSecretAction` and `paypalClientSecretAction` say. Throws VALIDATION, with a message per field, before writing.
 * Returns the settings as `getStoreSettingsForAdmin` reads them afterwards.
 */
export async function saveStoreSettings(
  { db, clock, env }: Pick<AppServices, "db" | "clock"> & { env: Pick<Env, "APP_SECRET"> },
  input: { form: unknown },
): Promise<AdminStoreSettings> {
  const checked = checkForm(storeSettingsFormSchema, input.form);
  if (!checked.success) throw new AppError("VALIDATION", checked.message, { fieldErrors: checked.fieldErrors });
  const form = checked.data;
  const now = clock().toISOString();
  const appSecret = env.APP_SECRET;

  // undefined leaves the stored value alone ("keep").
  const encryptedSecret = secretUpdate(form.stripeSecretKeyAction, () =>
    encryptStripeSecretKey(form.stripeSecretKey!, appSecret),
  );
  const encryptedWebhookSecret = secretUpdate(form.stripeWebhookSecretAction, () =>
    encryptStripeWebhookSecret(form.stripeWebhookSecret!, appSecret),
  );
  const encryptedPayPalSecret = secretUpdate(form.paypalClientSecretAction, () =>
    encryptPayPalClientSecret(form.paypalClientSecret!, appSecret),
  );
  const secrets = {
    ...(encryptedSecret === undefined ? {} : { stripe_secret_key_encrypted: encryptedSecret }),
    ...(encryptedWebhookSecret === undefined ? {} : { stripe_webhook_secret_encrypted: encryptedWebhookSecret }),
    ...(encryptedPayPalSecret === undefined ? {} : { paypal_client_secret_encrypted: encryptedPayPalSecret }),
  };

  const fields = {
    store_name: form.storeName,
    contact_email: form.contactEmail,
    postal_address: form.postalAddress,
    currency: form.currency,
    enable_stripe: form.enableStripe,
    stripe_publishable_key: form.stripePublishableKey,
    enable_paypal: form.enablePaypal,
    paypal_client_id: form.paypalClientId,
    paypal_webhook_id: form.paypalWebhookId,
    paypal_merchant_id: form.paypalMerchantId,
    paypal_environment: form.paypalEnvironment,
    enable_invoice: form.enableInvoice,
    invoice_terms: form.invoiceTerms,
    enable_maintenance_mode: form.enableMaintenanceMode,
    low_stock_threshold: form.lowStockThreshold,
    shipping_countries: form.shippingCountries.length > 0 ? form.shippingCountries.join(",") : null,
    social_links: JSON.stringify(form.socialLinks),
    updated_at: now,
  };

  await db.transaction().execute(async (trx) => {
    // The upsert comes first: on PostgreSQL it locks the settings row, so two saves at once run
    // one after the other instead of interleaving their shipping-method rewrites. It writes only
    // over the settings the form was loaded with: the form posts every field, so a save over a
    // newer change would silently undo it (Coming Soon switched on elsewhere, reopened the shop).
    const loaded = form.loadedUpdatedAt;
    const upserted = await trx
      .insertInto("store_settings")
      .values({ id: STORE_SETTINGS_ID, ...fields, ...secrets })
      .onConflict((oc) => {
        const update = oc.column("id").doUpdateSet({ ...fields, ...secrets });
        if (loaded === undefined) return update;
        // "" (the form showed the defaults) or anything but a time: every stored row is newer.
        return ISO_TIME.test(loaded)
          ? update.where("store_settings.updated_at", "=", loaded)
          : update.where(sql<boolean>`false`);
      })
      .executeTakeFirst();
    if (Number(upserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new AppError("CONFLICT", SETTINGS_CHANGED_MESSAGE, { reason: "settings-changed" });
    }

    const existing = await trx
      .selectFrom("shipping_methods")
      .select("id")
      .where("settings_id", "=", STORE_SETTINGS_ID)
      .execute();
    const reusable = new Set(existing.map((m) => m.id));
    const methods = form.shippingMethods.map((method, position) => {
      const id = method.id !== null && reusable.delete(method.id) ? method.id : randomUUID();
      return {
        id,
        settings_id: STORE_SETTINGS_ID,
        name: method.name,
        rate_cents: method.rate,
        per_item_cents: method.perItem,
        free_above_cents: method.freeAbove,
        enabled: method.enabled,
        position,
      };
    });
    await trx.deleteFrom("shipping_methods").where("settings_id", "=", STORE_SETTINGS_ID).execute();
    if (methods.length > 0) await trx.insertInto("shipping_methods").values(methods).execute();
  });

  return getStoreSettingsForAdmin({ db, env });
}

/**
 * The Stripe secret key in plain text, for the payment code only (never for a page or a log).
 * Null when none is stored. Throws SecretBoxError when it cannot be decrypted, e.g. because
 * APP_SECRET changed since it was saved: the admin must enter the key again.
 */
export function decryptStripeSecretKey(
  settingsRow: Pick<StoreSettingsRow, "stripe_secret_key_encrypted">,
  appSecret: string,
): string | null {
  const stored = settingsRow.stripe_secret_key_encrypted;
  return stored ? decryptSecret(stored, stripeSecretKeyBox(appSecret)) : null;
}

/** The Stripe webhook signing secret in plain text, for the webhook only. Null when none is stored. */
export function decryptStripeWebhookSecret(
  settingsRow: Pick<StoreSettingsRow, "stripe_webhook_secret_encrypted">,
  appSecret: string,
): string | null {
  const stored = settingsRow.stripe_webhook_secret_encrypted;
  return stored ? decryptSecret(stored, { appSecret, purpose: STRIPE_WEBHOOK_SECRET_PURPOSE }) : null;
}

/** Encrypts a webhook signing secret for `stripe_webhook_secret_encrypted`. */
export function encryptStripeWebhookSecret(secret: string, appSecret: string): string {
  return encryptSecret(secret, { appSecret, purpose: STRIPE_WEBHOOK_SECRET_PURPOSE });
}

/** Encrypts a Stripe secret key for `stripe_secret_key_encrypted`. */
export function encryptStripeSecretKey(secretKey: string, appSecret: string): string {
  return encryptSecret(secretKey, stripeSecretKeyBox(appSecret));
}

/** PayPal's client secret in plain text, for the PayPal client only. Null when none is stored. */
export function decryptPayPalClientSecret(
  settingsRow: Pick<StoreSettingsRow, "paypal_client_secret_encrypted">,
  appSecret: string,
): string | null {
  const stored = settingsRow.paypal_client_secret_encrypted;
  return stored ? decryptSecret(stored, { appSecret, purpose: PAYPAL_CLIENT_SECRET_PURPOSE }) : null;
}

/** Encrypts PayPal's client secret for `paypal_client_secret_encrypted`. */
export function encryptPayPalClientSecret(secret: string, appSecret: string): string {
  return encryptSecret(secret, { appSecret, purpose: PAYPAL_CLIENT_SECRET_PURPOSE });
}

function stripeSecretKeyBox(appSecret: string): SecretBoxKey {
  return { appSecret, purpose: STRIPE_SECRET_KEY_PURPOSE };
}

/** The column's new value for a secret: encrypted when replaced, null when cleared, undefined to keep it. */
function secretUpdate(action: StoreSettingsForm["stripeSecretKeyAction"], encrypt: () => string) {
  if (action === "replace") return encrypt();
  if (action === "clear") return null;
  return undefined;
}

function describeSecret(stored: string | null, purpose: string, appSecret: string | undefined): SecretStatus {
  if (!stored) return { isSet: false, last4: null };
  if (!appSecret) return { isSet: true, last4: null };
  try {
    const secret = decryptSecret(stored, { appSecret, purpose });
    return { isSet: true, last4: secret.length >= LAST4_MIN_LENGTH ? secret.slice(-4) : null };
  } catch (error) {
    // The screen still says a secret is set; entering it again replaces the unreadable value.
    if (error instanceof SecretBoxError) return { isSet: true, last4: null };
    throw error;
  }
}

/** The stored "US,CA" list; anything that is not a known code is left out rather than shown. */
function readShippingCountries(stored: string | null): string[] {
  if (!stored) return [];
  return stored.split(",").filter(isCountryCode);
}
