import { DEFAULT_CURRENCY } from "#common/money/money.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import type { AppServices } from "#server/services.ts";
import { shippingCharge, type ShippedCart, type ShippingRule } from "#common/checkout/shipping-rate.ts";

export interface CheckoutShippingMethod {
  id: string;
  name: string;
  rule: ShippingRule;
}

/** A method with what it charges for one cart: what the checkout page offers and the order pays. */
export interface QuotedShippingMethod extends CheckoutShippingMethod {
  rateCents: number;
}

/** What the store settings say about taking an order: currency, enabled shipping methods, countries. */
export interface CheckoutRules {
  currency: string;
  shippingMethods: CheckoutShippingMethod[];
  /** ISO codes the store ships to; null ships everywhere. */
  shippingCountries: string[] | null;
}

/** Reads the rules the checkout page offers and the order is checked against (in `db`, maybe a transaction). */
export async function loadCheckoutRules({ db }: Pick<AppServices, "db">): Promise<CheckoutRules> {
  const [settings, methods] = await Promise.all([
    db
      .selectFrom("store_settings")
      .select(["currency", "shipping_countries"])
      .where("id", "=", STORE_SETTINGS_ID)
      .executeTakeFirst(),
    db
      .selectFrom("shipping_methods")
      .select(["id", "name", "rate_cents", "per_item_cents", "free_above_cents"])
      .where("settings_id", "=", STORE_SETTINGS_ID)
      .where("enabled", "=", true)
      .orderBy("position")
      .execute(),
  ]);
  return {
    currency: settings?.currency ?? DEFAULT_CURRENCY,
    shippingMethods: methods.map((m) => ({
      id: m.id,
      name: m.name,
      rule: { rateCents: m.rate_cents, perItemCents: m.per_item_cents, freeAboveCents: m.free_above_cents },
    })),
    shippingCountries: parseCountryList(settings?.shipping_countries ?? null),
  };
}

/** "US, ca" → ["US", "CA"]; null or an empty list ships everywhere. */
export function parseCountryList(value: string | null): string[] | null {
  if (!value) return null;
  const codes = value
    .split(",")
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return codes.length > 0 ? codes : null;
}

/** Each method's charge for a cart of priced lines. */
export function quoteShipping(
  methods: readonly CheckoutShippingMethod[],
  lines: readonly PricedLineTotals[],
): QuotedShippingMethod[] {
  return methods.map((method) => ({ ...method, rateCents: shippingChargeFor(method, lines) }));
}

/** A priced line as shipping reads it: `booksEach` copies in each unit (a class set of 13: 13; a book: 1). */
type PricedLineTotals = { quantity: number; lineTotalCents: number; booksEach?: number };

/** One method's charge for a cart of priced lines: every book counted, a set's too (decision 37). */
export function shippingChargeFor(method: CheckoutShippingMethod, lines: readonly PricedLineTotals[]): number {
  const cart: ShippedCart = {
    items: lines.reduce((sum, line) => sum + line.quantity * (line.booksEach ?? 1), 0),
    subtotalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  };
  return shippingCharge(method.rule, cart);
}
