import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Viewer } from "#server/accounts/viewer.ts";
import type { Database } from "#server/db/schema.ts";
import { parseCartParam } from "#common/checkout/cart-param.ts";
import { collectsSalesTax } from "#server/tax/calculate-tax.ts";
import { countryOptions } from "./country-names.ts";
import { loadCheckoutRules, quoteShipping, type QuotedShippingMethod } from "./checkout-rules.ts";
import { isCheckoutAvailable, loadPaymentOptions, type PaymentOptions } from "./payment-options.ts";
import { priceCart, type CartAdjustment, type PricedLine } from "./price-cart.ts";

export interface CheckoutPage {
  available: boolean;
  payment: PaymentOptions;
  currency: string;
  /** The enabled methods, each with its charge for this page's cart. */
  shippingMethods: QuotedShippingMethod[];
  countries: { code: string; name: string }[];
  lines: PricedLine[];
  adjustments: CartAdjustment[];
  /** Lines of the page's address that could not be read (malformed, or past the limit). */
  droppedLines: number;
  subtotalCents: number;
  /**
   * Whether the store charges sales tax anywhere: if so the page's island asks for the tax of the
   * address typed (/resources/tax-quote); if not the page says no sales tax is collected.
   */
  taxCollected: boolean;
  /** A new random token for this rendering of the page: placing the order twice with it places it once. */
  checkoutToken: string;
  prefill: { email: string; fullName: string };
}

/**
 * What the checkout page shows: the cart of its address priced by the server (what changed since
 * the cart was filled, said in words), the store's shipping methods, countries and payment
 * methods, and, for a signed-in customer, their e-mail and profile name.
 */
export async function loadCheckout(
  deps: { db: Kysely<Database>; env: { APP_SECRET: string } },
  input: { cart: string | null; viewer: Pick<Viewer, "userId" | "email"> | null },
): Promise<CheckoutPage> {
  const [payment, rules, taxCollected, profile] = await Promise.all([
    loadPaymentOptions(deps),
    loadCheckoutRules(deps),
    collectsSalesTax(deps),
    input.viewer
      ? deps.db
          .selectFrom("user")
          .leftJoin("profiles", "profiles.id", "user.id")
          .select(["user.name", "profiles.full_name"])
          .where("user.id", "=", input.viewer.userId)
          .executeTakeFirst()
      : undefined,
  ]);
  const requested = parseCartParam(input.cart);
  const priced = await priceCart(deps, { lines: requested.lines, currency: rules.currency });
  return {
    available: isCheckoutAvailable(payment),
    payment,
    currency: rules.currency,
    shippingMethods: quoteShipping(rules.shippingMethods, priced.lines),
    countries: countryOptions(rules.shippingCountries),
    lines: priced.lines,
    adjustments: priced.adjustments,
    droppedLines: requested.dropped,
    subtotalCents: priced.subtotalCents,
    taxCollected,
    checkoutToken: randomBytes(18).toString("base64url"),
    prefill: {
      email: input.viewer?.email ?? "",
      fullName: profile?.full_name?.trim() || profile?.name?.trim() || "",
    },
  };
}
