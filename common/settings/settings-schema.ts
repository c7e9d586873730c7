import { z } from "zod";
import { moneySchema } from "#common/money/money-field-schema.ts";
import { isCurrencyInHundredths } from "#common/money/money.ts";
import { isIsoCurrencyCode } from "#common/money/currency-codes.ts";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";
import { isCountryCode } from "./country-codes.ts";
import {
  httpsUrl,
  isOnNetwork,
  MAX_OTHER_SOCIAL_LINKS,
  SOCIAL_LINK_LIMITS,
  SOCIAL_NETWORKS,
  type SocialLink,
  type SocialNetworkId,
} from "./social-links.ts";

/**
 * The Store Settings form, shared by the browser and the server so both refuse the same input
 * with the same words. Client-safe: zod only. Values arrive as a form posts them: rates as text,
 * toggles as booleans or checkbox strings, where a missing toggle means off.
 */
export const SETTINGS_LIMITS = {
  storeName: 100,
  contactEmail: 254,
  /** The postal address on invoices: characters in all, and lines. */
  postalAddress: 300,
  postalAddressLines: 6,
  stripePublishableKey: 255,
  stripeSecretKey: 255,
  stripeWebhookSecret: 255,
  invoiceTerms: 200,
  /** The whole "ships to" text: 249 codes with separators fit in well under this. */
  shippingCountries: 1000,
  paypalClientId: 255,
  paypalClientSecret: 255,
  paypalWebhookId: 64,
  paypalMerchantId: 64,
  shippingMethodName: 80,
  shippingMethods: 20,
} as const;

/** The low-stock threshold's range: 0 turns the list into "sold out only". */
export const LOW_STOCK_THRESHOLD_MAX = 100_000;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** $100,000.00: far above any real rate, and far below where cents stop being exact. */
export const MAX_SHIPPING_RATE_CENTS = 10_000_000;

/** What to do with a write-only secret (the Stripe secret key, the webhook signing secret, PayPal's client secret) on save. */
export const STRIPE_SECRET_KEY_ACTIONS = ["keep", "replace", "clear"] as const;

/** PayPal's two environments: test money (sandbox) or real money (live). */
export const PAYPAL_ENVIRONMENTS = ["sandbox", "live"] as const;
export type PayPalEnvironmentSetting = (typeof PAYPAL_ENVIRONMENTS)[number];

const CURRENCY_NOT_LISTED = "Please choose a currency from the list.";
const CURRENCY_WITHOUT_HUNDREDTHS =
  "The shop keeps prices in hundredths, so it cannot sell in a currency without them (such as JPY or KWD). Please choose one with cents, such as USD or EUR.";
const RATE_FORMAT_MESSAGE = "Shipping rates must be a number of 0 or more, with at most 2 decimals (e.g. 5.00).";
const RATE_TOO_HIGH_MESSAGE = "Shipping rates must be at most 100000.00.";

/** A checkbox or switch: a boolean, or the text a form sends for one; absent means off. */
const toggle = z
  .union([
    z.boolean(),
    z.enum(["true", "false", "on", "off", "1", "0", ""]).transform((v) => v === "true" || v === "on" || v === "1"),
  ])
  .default(false);

/** The Coming Soon switch's form: the checkbox sends "on", or nothing for off. */
export const maintenanceModeFormSchema = z.object({
  enableMaintenanceMode: z
    // An unchecked switch sends nothing; an empty value means off as well.
    .enum(["on", ""], { error: "Please choose whether maintenance mode is on or off." })
    .optional()
    .transform((value) => value === "on"),
});

/** Optional text: trimmed, and stored as null when empty. */
function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * The countries the store ships to, as typed: ISO 3166-1 alpha-2 codes separated by commas or
 * spaces, any letter case ("us, ca gb"). Becomes the codes in upper case, each once, in the order
 * typed; empty means the store ships everywhere. A list (from a script) is read the same way.
 */
export const shippingCountriesSchema = z
  .union([z.string(), z.array(z.string())], { error: "The countries the store ships to must be text." })
  .nullish()
  .transform((value, ctx) => {
    const text = Array.isArray(value) ? value.join(",") : (value ?? "");
    if (text.length > SETTINGS_LIMITS.shippingCountries) {
      ctx.addIssue({ code: "custom", message: "The list of countries is too long." });
      return z.NEVER;
    }
    const codes = [
      ...new Set(
        text
          .split(/[\s,;]+/)
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    const unknown = codes.filter((code) => !isCountryCode(code));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `${unknown.length === 1 ? "Unknown country code" : "Unknown country codes"}: ${unknown
          .slice(0, 5)
          .join(", ")}. Use 2-letter ISO codes such as US, CA or GB, separated by commas.`,
      });
      return z.NEVER;
    }
    return codes;
  });

/**
 * The store's postal address as typed in a text box: each line trimmed, empty lines dropped,
 * stored as lines joined by "\n"; empty becomes null (the documents then leave it out).
 */
export const postalAddressSchema = z
  .string({ error: "The postal address must be text." })
  .max(
    SETTINGS_LIMITS.postalAddress,
    `The postal address must be ${SETTINGS_LIMITS.postalAddress} characters or fewer.`,
  )
  .nullish()
  .transform((value, ctx) => {
    const lines = (value ?? "")
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > SETTINGS_LIMITS.postalAddressLines) {
      ctx.addIssue({
        code: "custom",
        message: `The postal address must be ${SETTINGS_LIMITS.postalAddressLines} lines or fewer.`,
      });
      return z.NEVER;
    }
    return lines.length > 0 ? lines.join("\n") : null;
  });

const LOW_STOCK_MESSAGE = `The low-stock threshold must be a whole number from 0 to ${LOW_STOCK_THRESHOLD_MAX}.`;

/** The dashboard's low-stock threshold as typed ("5"); empty means the default. */
export const lowStockThresholdSchema = z
  .union([z.number(), z.string()], { error: LOW_STOCK_MESSAGE })
  .nullish()
  .transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : (value ?? "").trim();
    if (text === "") return DEFAULT_LOW_STOCK_THRESHOLD;
    const threshold = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!(threshold >= 0 && threshold <= LOW_STOCK_THRESHOLD_MAX)) {
      ctx.addIssue({ code: "custom", message: LOW_STOCK_MESSAGE });
      return z.NEVER;
    }
    return threshold;
  });

/** A shipping rate as the form posts it ("5", "5.50"), in cents. */
export const shippingRateSchema = moneySchema({
  formatMessage: RATE_FORMAT_MESSAGE,
  tooHighMessage: RATE_TOO_HIGH_MESSAGE,
  maxCents: MAX_SHIPPING_RATE_CENTS,
  missingMessage: "Please enter a rate for each shipping method.",
});

/** "Each further item" as typed: empty is nothing added (a flat rate). */
export const shippingPerItemSchema = moneySchema({
  formatMessage: "The amount for each further item must be a number of 0 or more, with at most 2 decimals (e.g. 0.50).",
  tooHighMessage: "The amount for each further item must be at most 100000.00.",
  maxCents: MAX_SHIPPING_RATE_CENTS,
  emptyAs: 0,
});

/** "Free from an order of" as typed: empty is never free. */
export const shippingFreeAboveSchema = moneySchema({
  formatMessage: "The free shipping threshold must be a number of 0 or more, with at most 2 decimals (e.g. 75.00).",
  tooHighMessage: "The free shipping threshold must be at most 100000.00.",
  maxCents: MAX_SHIPPING_RATE_CENTS,
  emptyAs: null,
});

export const shippingMethodFormSchema = z
  .object({
    /** An existing method's id keeps it; anything else (a new row's temporary id) gets a new one. */
    id: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    name: z
      .string({ error: "Shipping method names must be text." })
      .trim()
      .max(
        SETTINGS_LIMITS.shippingMethodName,
        `Shipping method names must be ${SETTINGS_LIMITS.shippingMethodName} characters or fewer.`,
      )
      .default(""),
    rate: shippingRateSchema,
    perItem: shippingPerItemSchema,
    freeAbove: shippingFreeAboveSchema,
    enabled: toggle,
  })
  .refine((method) => !method.enabled || method.name !== "", {
    message: "Please name each enabled shipping method.",
    path: ["name"],
  });

/** An id PayPal gave (webhook id, merchant id): letters and digits, as PayPal writes them. */
function payPalId(max: number, label: string) {
  return optionalText(max, label).refine((value) => value === null || /^[A-Za-z0-9-]+$/.test(value), {
    message: `${label} has only letters and digits, as PayPal shows it.`,
  });
}

/** A network's profile link as typed: empty for none, else a full https address on that network's site. */
function networkLinkSchema(network: (typeof SOCIAL_NETWORKS)[number]) {
  const label = `The ${network.name} link`;
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(SOCIAL_LINK_LIMITS.url, `${label} must be ${SOCIAL_LINK_LIMITS.url} characters or fewer.`)
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const url = httpsUrl(value);
      if (!url) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a full address starting with https://, such as https://www.${network.hosts[0]}/yourpage.`,
        });
        return z.NEVER;
      }
      if (!isOnNetwork(url, network.id)) {
        ctx.addIssue({ code: "custom", message: `${label} must be an address on ${network.hosts[0]}.` });
        return z.NEVER;
      }
      return url.href;
    });
}

/** Another profile (a blog, Threads …): a name for its button and an https address; both empty: no link. */
const otherSocialLinkSchema = z
  .object({
    name: z
      .string({ error: "Link names must be text." })
      .trim()
      .max(SOCIAL_LINK_LIMITS.name, `Link names must be ${SOCIAL_LINK_LIMITS.name} characters or fewer.`)
      .default(""),
    url: z
      .string({ error: "Links must be text." })
      .trim()
      .max(SOCIAL_LINK_LIMITS.url, `Links must be ${SOCIAL_LINK_LIMITS.url} characters or fewer.`)
      .default(""),
  })
  .superRefine((link, ctx) => {
    if (!link.name && !link.url) return;
    if (!link.name) ctx.addIssue({ code: "custom", message: "Please name this link, e.g. Threads.", path: ["name"] });
    if (!link.url) ctx.addIssue({ code: "custom", message: "Please enter this link's address.", path: ["url"] });
    else if (!httpsUrl(link.url))
      ctx.addIssue({
        code: "custom",
        message: "Links must be full addresses starting with https://.",
        path: ["url"],
      });
  });

/**
 * The footer's profile links as the form posts them (`socialLinks.facebook`,
 * `socialLinks.others.0.url` …): one field per network, empty for none, and a few other links.
 * Becomes the links to store, networks first, in display order.
 */
export const socialLinksSchema = z
  .object(
    {
      ...(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network.id, networkLinkSchema(network)])) as Record<
        SocialNetworkId,
        ReturnType<typeof networkLinkSchema>
      >),
      others: z
        .array(otherSocialLinkSchema, { error: "The other links could not be read." })
        .max(MAX_OTHER_SOCIAL_LINKS, `At most ${MAX_OTHER_SOCIAL_LINKS} other links.`)
        .default([]),
    },
    { error: "The social links could not be read." },
  )
  .nullish()
  .transform((form): SocialLink[] => {
    if (!form) return [];
    const links: SocialLink[] = [];
    for (const network of SOCIAL_NETWORKS) {
      const url = form[network.id];
      if (url) links.push({ network: network.id, url });
    }
    for (const other of form.others) {
      const url = other.url ? httpsUrl(other.url) : null;
      if (url && other.name) links.push({ network: "other", name: other.name, url: url.href });
    }
    return links;
  });

/** The fields the form's cross-field check reads. */
const CROSS_CHECKED = new Set([
  "stripeSecretKeyAction",
  "stripeSecretKey",
  "stripeWebhookSecretAction",
  "stripeWebhookSecret",
  "paypalClientSecretAction",
  "paypalClientSecret",
  "enableInvoice",
  "invoiceTerms",
]);

export const storeSettingsFormSchema = z
  .object({
    storeName: z
      .string({ error: "Please enter the store name." })
      .trim()
      .min(1, "Please enter the store name.")
      .max(SETTINGS_LIMITS.storeName, `The store name must be ${SETTINGS_LIMITS.storeName} characters or fewer.`),
    contactEmail: emailAddressSchema({
      missing: "Please enter the contact email address.",
      invalid: "Please enter a valid contact email address.",
      maxLength: SETTINGS_LIMITS.contactEmail,
    }),
    postalAddress: postalAddressSchema,
    // One of the ISO 4217 codes the form offers: typed text ("dollars") was once saved as "DOL".
    currency: z
      .string({ error: CURRENCY_NOT_LISTED })
      .trim()
      .toUpperCase()
      .refine(isIsoCurrencyCode, CURRENCY_NOT_LISTED)
      .refine(isCurrencyInHundredths, CURRENCY_WITHOUT_HUNDREDTHS),
    enableStripe: toggle,
    stripePublishableKey: optionalText(SETTINGS_LIMITS.stripePublishableKey, "The Stripe publishable key"),
    /** The stored secret is never sent to the form, so the form says what to do with it. */
    stripeSecretKeyAction: z
      .enum(STRIPE_SECRET_KEY_ACTIONS, {
        error: "Please choose whether to keep, replace or clear the Stripe secret key.",
      })
      .default("keep"),
    stripeSecretKey: optionalText(SETTINGS_LIMITS.stripeSecretKey, "The Stripe secret key"),
    /** Write-only like the secret key: the form says keep, replace or clear. */
    stripeWebhookSecretAction: z
      .enum(STRIPE_SECRET_KEY_ACTIONS, {
        error: "Please choose whether to keep, replace or clear the webhook signing secret.",
      })
      .default("keep"),
    stripeWebhookSecret: optionalText(SETTINGS_LIMITS.stripeWebhookSecret, "The webhook signing secret"),
    enablePaypal: toggle,
    paypalClientId: optionalText(SETTINGS_LIMITS.paypalClientId, "The PayPal client ID"),
    /** Write-only like the Stripe secret key: the form says keep, replace or clear. */
    paypalClientSecretAction: z
      .enum(STRIPE_SECRET_KEY_ACTIONS, {
        error: "Please choose whether to keep, replace or clear the PayPal client secret.",
      })
      .default("keep"),
    paypalClientSecret: optionalText(SETTINGS_LIMITS.paypalClientSecret, "The PayPal client secret"),
    paypalWebhookId: payPalId(SETTINGS_LIMITS.paypalWebhookId, "The PayPal webhook ID"),
    paypalMerchantId: payPalId(SETTINGS_LIMITS.paypalMerchantId, "The PayPal merchant ID"),
    paypalEnvironment: z
      .enum(PAYPAL_ENVIRONMENTS, { error: "Please choose PayPal's sandbox or live environment." })
      .default("sandbox"),
    enableInvoice: toggle,
    invoiceTerms: optionalText(SETTINGS_LIMITS.invoiceTerms, "The payment terms"),
    enableMaintenanceMode: toggle,
    lowStockThreshold: lowStockThresholdSchema,
    shippingCountries: shippingCountriesSchema,
    socialLinks: socialLinksSchema,
    shippingMethods: z
      .array(shippingMethodFormSchema, { error: "The shipping methods could not be read." })
      .max(
        SETTINGS_LIMITS.shippingMethods,
        `A store can have at most ${SETTINGS_LIMITS.shippingMethods} shipping methods.`,
      )
      .default([]),
    /**
     * When the settings the form shows were saved ("" when the store ran on defaults): a save
     * is refused once they have changed since (another admin, the Coming Soon page). Absent from
     * posts that do not send it, which save as they come.
     */
    loadedUpdatedAt: z.string().max(40).optional().catch(undefined),
  })
  .superRefine(
    (form, ctx) => {
      if (form.stripeSecretKeyAction === "replace" && !form.stripeSecretKey) {
        ctx.addIssue({ code: "custom", message: "Please enter the new Stripe secret key.", path: ["stripeSecretKey"] });
      }
      if (form.stripeWebhookSecretAction === "replace" && !form.stripeWebhookSecret) {
        ctx.addIssue({
          code: "custom",
          message: "Please enter the new webhook signing secret.",
          path: ["stripeWebhookSecret"],
        });
      }
      if (form.paypalClientSecretAction === "replace" && !form.paypalClientSecret) {
        ctx.addIssue({
          code: "custom",
          message: "Please enter the new PayPal client secret.",
          path: ["paypalClientSecret"],
        });
      }
      if (form.enableInvoice && !form.invoiceTerms) {
        ctx.addIssue({
          code: "custom",
          message: "Please enter the payment terms for invoices, e.g. Net 30.",
          path: ["invoiceTerms"],
        });
      }
      // Run even when another field (a country, a rate) failed, so every message shows at once;
      // only the fields this check reads must have parsed.
    },
    { when: (payload) => !payload.issues.some((issue) => CROSS_CHECKED.has(String(issue.path?.[0]))) },
  )
  // A secret typed but not meant to replace the stored one is dropped here, never carried further.
  .transform((form) => ({
    ...form,
    stripeSecretKey: form.stripeSecretKeyAction === "replace" ? form.stripeSecretKey : null,
    stripeWebhookSecret: form.stripeWebhookSecretAction === "replace" ? form.stripeWebhookSecret : null,
    paypalClientSecret: form.paypalClientSecretAction === "replace" ? form.paypalClientSecret : null,
  }));

export type StoreSettingsForm = z.output<typeof storeSettingsFormSchema>;
