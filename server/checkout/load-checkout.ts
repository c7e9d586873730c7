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
import { discountedLines } from "#common/discounts/discount-rule.ts";
import { discountCustomerKey, discountProof, quoteDiscount } from "#server/discounts/quote-discount.ts";
import type { Clock } from "#server/services.ts";

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
   * The discount code applied to this cart (decision 39): its code as stored and what it takes off
   * (shipping above was quoted on the lines after it); null when none was applied.
   */
  discount: { code: string; cents: number; proof: string } | null;
  /** Why the code the buyer typed was not applied, in words; null when none was refused. */
  discountRefusal: string | null;
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
  deps: { db: Kysely<Database>; env: { APP_SECRET: string }; clock: Clock },
  input: {
    cart: string | null;
    viewer: Pick<Viewer, "userId" | "email"> | null;
    /** A code the buyer applied, and the e-mail typed (for the per-customer limit of a guest). */
    discount?: { code: string; email: string | null } | null | undefined;
  },
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
  const quote =
    input.discount && priced.lines.length > 0
      ? await quoteDiscount(deps.db, {
          code: input.discount.code,
          lines: priced.lines,
          now: deps.clock(),
          currency: rules.currency,
          customer: discountCustomerKey(input.viewer?.userId ?? null, input.discount.email),
        })
      : null;
  // Shipping reads the lines after the discount (its free threshold included): decision 39.
  const shippedLines = quote?.ok ? discountedLines(priced.lines, quote.lineDiscounts) : priced.lines;
  return {
    available: isCheckoutAvailable(payment),
    payment,
    currency: rules.currency,
    shippingMethods: quoteShipping(rules.shippingMethods, shippedLines),
    countries: countryOptions(rules.shippingCountries),
    lines: priced.lines,
    adjustments: priced.adjustments,
    droppedLines: requested.dropped,
    subtotalCents: priced.subtotalCents,
    discount:
      quote?.ok && quote.code
        ? {
            code: quote.code.code,
            cents: quote.discountCents,
            proof: discountProof(deps.env.APP_SECRET, quote.code.code),
          }
        : null,
    discountRefusal: quote && !quote.ok ? quote.message : null,
    taxCollected,
    checkoutToken: randomBytes(18).toString("base64url"),
    prefill: {
      email: input.viewer?.email ?? "",
      fullName: profile?.full_name?.trim() || profile?.name?.trim() || "",
    },
  };
}
