/**
 * Field names of the Store Settings form. Each shipping method's fields carry its position in the
 * list (`shippingMethods.1.rate`), the same path the schema reports its errors under, so an
 * error lands under the right input without a translation step.
 */
export const shippingFieldName = (index: number, field: "id" | "name" | "rate" | "enabled") =>
  `shippingMethods.${index}.${field}`;

/** The checkbox that asks to remove the stored Stripe secret key. */
export const CLEAR_SECRET_FIELD = "stripeSecretKeyClear";
/** The checkbox that asks to remove the stored webhook signing secret. */
export const CLEAR_WEBHOOK_SECRET_FIELD = "stripeWebhookSecretClear";

const SHIPPING_FIELD = /^shippingMethods\.(\d{1,2})\.(id|name|rate|enabled)$/;

/**
 * The posted form in the shape the settings schema reads; toggles stay as the text a form sends
 * and the schema decides what they mean. Used by the browser (to check before sending) and by
 * the action (which checks again), so both read the form the same way.
 *
 * Each secret's action (the secret key, the webhook signing secret) is derived rather than posted: ticking "remove" clears it, typing a
 * new key replaces it, and an empty field keeps the stored one. That way a plain form post
 * without scripts still does the right thing.
 */
export function settingsInputFromFormData(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };

  // Two digits at most: the schema allows 20 methods, and an absurd index cannot make a huge array.
  const methods = new Map<number, Record<string, string>>();
  for (const [key, value] of form.entries()) {
    const match = SHIPPING_FIELD.exec(key);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const method = methods.get(index) ?? {};
    method[match[2]!] = value;
    methods.set(index, method);
  }
  const shippingMethods = [...methods.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, method]) => ({ id: method.id, name: method.name, rate: method.rate ?? "", enabled: method.enabled }));

  const secretInput = (field: string, clearField: string) => {
    const secret = text(field)?.trim() ?? "";
    const action = text(clearField) ? "clear" : secret ? "replace" : "keep";
    return { action, secret: action === "replace" ? secret : null };
  };
  const secretKey = secretInput("stripeSecretKey", CLEAR_SECRET_FIELD);
  const webhookSecret = secretInput("stripeWebhookSecret", CLEAR_WEBHOOK_SECRET_FIELD);

  return {
    storeName: text("storeName") ?? "",
    contactEmail: text("contactEmail") ?? "",
    currency: text("currency") ?? "",
    enableStripe: text("enableStripe"),
    stripePublishableKey: text("stripePublishableKey"),
    stripeSecretKeyAction: secretKey.action,
    stripeSecretKey: secretKey.secret,
    stripeWebhookSecretAction: webhookSecret.action,
    stripeWebhookSecret: webhookSecret.secret,
    enablePaypal: text("enablePaypal"),
    paypalClientId: text("paypalClientId"),
    enableInvoice: text("enableInvoice"),
    invoiceTerms: text("invoiceTerms"),
    enableMaintenanceMode: text("enableMaintenanceMode"),
    lowStockThreshold: text("lowStockThreshold"),
    shippingCountries: text("shippingCountries"),
    shippingMethods,
  };
}
