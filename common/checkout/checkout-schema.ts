import { z } from "zod";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";
import { PAYMENT_METHODS } from "#common/orders/payment-status.ts";
import { isUsPostalRegion } from "#common/tax/sales-tax.ts";
import { CHECKOUT_FIELDS, CHECKOUT_LIMITS, DISCOUNT_CODE_MAX, ITEM_ID, type CheckoutField } from "./cart-param.ts";

/**
 * The checkout form, shared by the page (checked before posting) and the action (checked again),
 * and the lines the form posts. Client-safe: zod only.
 * The browser sends ids and quantities, never a price that is charged: the server prices
 * everything from the database (price-cart.ts).
 */

/** ISO 3166-1 alpha-2 codes the form offers (their English names: country-names.ts, on the server). */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO " +
  "FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
  "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO " +
  "MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW " +
  "PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM " +
  "TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");
/**
 * The lines as the form posts them (a hidden field, `<id>:<qty>,…`): strict, unlike the page's
 * address, because by now the page has shown the buyer exactly these lines.
 */
const itemsSchema = z
  .string({ error: "Your order has no items." })
  .max(CHECKOUT_LIMITS.lines * (CHECKOUT_LIMITS.itemId + 4), "Your order has too many items.")
  .transform((value, ctx) => {
    const lines: { id: string; quantity: number }[] = [];
    const parts = value.split(",").filter(Boolean);
    if (parts.length === 0) {
      ctx.addIssue({ code: "custom", message: "Your order has no items." });
      return z.NEVER;
    }
    if (parts.length > CHECKOUT_LIMITS.lines) {
      ctx.addIssue({ code: "custom", message: `An order can have at most ${CHECKOUT_LIMITS.lines} different items.` });
      return z.NEVER;
    }
    for (const part of parts) {
      const [id = "", quantityText = "", ...rest] = part.split(":");
      const quantity = Number(quantityText);
      if (rest.length > 0 || !id || id.length > CHECKOUT_LIMITS.itemId || !ITEM_ID.test(id)) {
        ctx.addIssue({ code: "custom", message: "An item in your order is not one we sell." });
        return z.NEVER;
      }
      if (!/^\d+$/.test(quantityText) || !Number.isInteger(quantity) || quantity < 1) {
        ctx.addIssue({ code: "custom", message: "Each quantity must be a whole number of at least 1." });
        return z.NEVER;
      }
      if (quantity > CHECKOUT_LIMITS.quantity) {
        ctx.addIssue({ code: "custom", message: `You can order at most ${CHECKOUT_LIMITS.quantity} of each item.` });
        return z.NEVER;
      }
      if (lines.some((line) => line.id === id)) {
        ctx.addIssue({ code: "custom", message: "An item appears twice in your order." });
        return z.NEVER;
      }
      lines.push({ id, quantity });
    }
    return lines;
  });

function requiredText(max: number, missing: string, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}

/** Optional text: empty (or missing) is null. */
function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : null));
}

export const checkoutSchema = z
  .object({
    checkoutToken: z
      .string({ error: "This checkout page has expired. Please reload it." })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, "This checkout page has expired. Please reload it."),
    items: itemsSchema,
    email: emailAddressSchema({ maxLength: CHECKOUT_LIMITS.email }),
    fullName: requiredText(
      CHECKOUT_LIMITS.fullName,
      "Please enter your full name.",
      `Please keep your name to ${CHECKOUT_LIMITS.fullName} characters or fewer.`,
    ),
    organisation: optionalText(
      CHECKOUT_LIMITS.organisation,
      `Please keep the organisation to ${CHECKOUT_LIMITS.organisation} characters or fewer.`,
    ),
    phone: optionalText(
      CHECKOUT_LIMITS.phone,
      `Please keep the phone number to ${CHECKOUT_LIMITS.phone} characters or fewer.`,
    ).refine((value) => value === null || /^[0-9+()./\s-]+$/.test(value), "Please enter a valid phone number."),
    poNumber: optionalText(
      CHECKOUT_LIMITS.poNumber,
      `Please keep the PO number to ${CHECKOUT_LIMITS.poNumber} characters or fewer.`,
    ),
    country: z
      .string({ error: "Please choose a country." })
      .refine((value) => COUNTRY_CODES.includes(value), "Please choose a country."),
    street: requiredText(
      CHECKOUT_LIMITS.street,
      "Please enter your street address.",
      `Please keep the street address to ${CHECKOUT_LIMITS.street} characters or fewer.`,
    ),
    city: requiredText(
      CHECKOUT_LIMITS.city,
      "Please enter your city.",
      `Please keep the city to ${CHECKOUT_LIMITS.city} characters or fewer.`,
    ),
    region: optionalText(
      CHECKOUT_LIMITS.region,
      `Please keep the state or region to ${CHECKOUT_LIMITS.region} characters or fewer.`,
    ),
    postalCode: optionalText(
      CHECKOUT_LIMITS.postalCode,
      `Please keep the ZIP or postal code to ${CHECKOUT_LIMITS.postalCode} characters or fewer.`,
    ),
    shippingMethodId: z
      .string({ error: "Please choose a shipping method." })
      .min(1, "Please choose a shipping method.")
      .max(64, "Please choose a shipping method."),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "Please choose how you would like to pay." }),
    /** The subtotal the page showed, in cents: a change since then stops the order (never charged). */
    quotedSubtotalCents: z.coerce.number().int().min(0).optional().catch(undefined),
    /**
     * The shipping rates the page showed, as `id=cents` pairs joined by `&` (quotedShippingRates),
     * and its currency: a change of the chosen method's rate or of the currency stops the order too.
     */
    quotedShippingRates: z.string().max(4000).optional().catch(undefined),
    quotedCurrency: z.string().max(3).optional().catch(undefined),
    /**
     * The discount code field (decision 39): any text up to its bound; the server says why a code
     * is refused. `appliedDiscountCode` and `quotedDiscountCents` are the code the page applied and
     * what it took off: a different code, or a changed amount, stops the order (never charged).
     */
    discountCode: optionalText(DISCOUNT_CODE_MAX, "A discount code is at most 32 letters, digits or dashes."),
    appliedDiscountCode: z.string().max(DISCOUNT_CODE_MAX).optional().catch(undefined),
    quotedDiscountCents: z.coerce.number().int().min(0).optional().catch(undefined),
    /** The sales tax the page showed, in cents: a rate changed since then stops the order too. */
    quotedTaxCents: z.coerce.number().int().min(0).optional().catch(undefined),
  })
  .superRefine((value, ctx) => {
    // A US address needs a state and a ZIP code; other countries' formats vary too much to require them.
    if (value.country === "US" && !value.region) {
      ctx.addIssue({ code: "custom", path: ["region"], message: "Please enter your state." });
    }
    // Sales tax is decided by the state (decision 29): one that cannot be read would escape it.
    // Territories and military post offices (APO/FPO) are read too; no state's tax applies there.
    if (value.country === "US" && value.region && !isUsPostalRegion(value.region)) {
      ctx.addIssue({
        code: "custom",
        path: ["region"],
        message: "Please enter a US state, as its name or its two letters (e.g. Illinois or IL).",
      });
    }
    if (value.country === "US" && !value.postalCode) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: "Please enter your ZIP code." });
    }
  });

export type CheckoutInput = z.output<typeof checkoutSchema>;

/** The fields a refused form gives back to a page posted without scripts, so nothing typed is lost. */
type EchoedField = Exclude<CheckoutField, "items" | "checkoutToken">;
const ECHOED_FIELDS = CHECKOUT_FIELDS.filter(
  (field): field is EchoedField => field !== "items" && field !== "checkoutToken",
);
export type CheckoutEcho = Partial<Record<EchoedField, string>>;

/** The buyer's own text fields of a refused form, each cut to a bounded length (shown back only to them). */
export function checkoutEcho(form: Record<string, unknown>): CheckoutEcho {
  const echo: CheckoutEcho = {};
  for (const field of ECHOED_FIELDS) {
    const value = form[field];
    if (typeof value === "string") echo[field] = value.slice(0, 300);
  }
  return echo;
}
