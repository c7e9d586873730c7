import { formValues } from "#common/forms/form-values.ts";

/**
 * Field names of the Store Settings form. Each shipping method's fields carry its position in the
 * list (`shippingMethods.1.rate`), the same path the schema reports its errors under, so an
 * error lands under the right input without a translation step.
 */
export const shippingFieldName = (index: number, field: "id" | "name" | "rate" | "perItem" | "freeAbove" | "enabled") =>
  `shippingMethods.${index}.${field}`;

/** The checkbox that asks to remove the stored Stripe secret key. */
export const CLEAR_SECRET_FIELD = "stripeSecretKeyClear";
/** The checkbox that asks to remove the stored webhook signing secret. */
export const CLEAR_WEBHOOK_SECRET_FIELD = "stripeWebhookSecretClear";
/** The checkbox that asks to remove the stored PayPal client secret. */
export const CLEAR_PAYPAL_SECRET_FIELD = "paypalClientSecretClear";

/**
 * The posted form in the shape the settings schema reads; toggles stay as the text a form sends
 * and the schema decides what they mean. Used by the browser (to check before sending) and by
 * the action (which checks again), so both read the form the same way.
 *
 * The fields are read by formValues, the one form conversion (parseFields' too): the numbered
 * shipping fields become the `shippingMethods` rows (an index of two digits at most, so an
 * absurd one cannot make a huge array), and their errors come back under the same names. This
 * thin mapping stays on top because some settings are not posted as such: each secret's action
 * (the Stripe secret key and webhook signing secret, PayPal's client secret) is derived rather than posted: ticking "remove"
 * clears it, typing a new key replaces it, and an empty field keeps the stored one. That way a
 * plain form post without scripts still does the right thing.
 */
export function settingsInputFromFormData(form: FormData) {
  const values = formValues(form);
  const textOf = (record: Record<string, unknown>, name: string) => {
    const value = record[name];
    return typeof value === "string" ? value : undefined;
  };
  const text = (name: string) => textOf(values, name);

  const rows = Array.isArray(values.shippingMethods) ? (values.shippingMethods as unknown[]) : [];
  const shippingMethods = rows.map((row) => {
    const method = typeof row === "object" && row !== null ? (row as Record<string, unknown>) : {};
    return {
      id: textOf(method, "id"),
      name: textOf(method, "name"),
      rate: textOf(method, "rate") ?? "",
      perItem: textOf(method, "perItem"),
      freeAbove: textOf(method, "freeAbove"),
      enabled: textOf(method, "enabled"),
    };
  });

  const secretInput = (field: string, clearField: string) => {
    const secret = text(field)?.trim() ?? "";
    const action = text(clearField) ? "clear" : secret ? "replace" : "keep";
    return { action, secret: action === "replace" ? secret : null };
  };
  const secretKey = secretInput("stripeSecretKey", CLEAR_SECRET_FIELD);
  const webhookSecret = secretInput("stripeWebhookSecret", CLEAR_WEBHOOK_SECRET_FIELD);
  const paypalSecret = secretInput("paypalClientSecret", CLEAR_PAYPAL_SECRET_FIELD);

  return {
    storeName: text("storeName") ?? "",
    contactEmail: text("contactEmail") ?? "",
    postalAddress: text("postalAddress"),
    currency: text("currency") ?? "",
    enableStripe: text("enableStripe"),
    stripePublishableKey: text("stripePublishableKey"),
    stripeSecretKeyAction: secretKey.action,
    stripeSecretKey: secretKey.secret,
    stripeWebhookSecretAction: webhookSecret.action,
    stripeWebhookSecret: webhookSecret.secret,
    enablePaypal: text("enablePaypal"),
    paypalClientId: text("paypalClientId"),
    paypalClientSecretAction: paypalSecret.action,
    paypalClientSecret: paypalSecret.secret,
    paypalWebhookId: text("paypalWebhookId"),
    paypalMerchantId: text("paypalMerchantId"),
    paypalEnvironment: text("paypalEnvironment"),
    enableInvoice: text("enableInvoice"),
    invoiceTerms: text("invoiceTerms"),
    enableMaintenanceMode: text("enableMaintenanceMode"),
    lowStockThreshold: text("lowStockThreshold"),
    shippingCountries: text("shippingCountries"),
    shippingMethods,
    // Nested as formValues reads `socialLinks.facebook` and `socialLinks.others.0.url`; the schema checks the shape.
    socialLinks: values.socialLinks,
    loadedUpdatedAt: text("loadedUpdatedAt"),
  };
}
