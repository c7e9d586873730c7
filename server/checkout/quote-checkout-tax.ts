import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { Clock } from "#server/services.ts";
import { calculateTax } from "#server/tax/calculate-tax.ts";
import { parseCartParam } from "#common/checkout/cart-param.ts";
import { COUNTRY_CODES } from "#common/checkout/checkout-schema.ts";
import { CHECKOUT_LIMITS } from "#common/checkout/cart-param.ts";
import { formatTaxRate, isUsPostalRegion } from "#common/tax/sales-tax.ts";
import { loadCheckoutRules, shippingChargeFor } from "./checkout-rules.ts";
import { priceCart } from "./price-cart.ts";
import { discountedLines } from "#common/discounts/discount-rule.ts";
import { isDiscountProof, quoteDiscount } from "#server/discounts/quote-discount.ts";

/** The checkout summary's sales tax, as the page's island shows it (JSON of /resources/tax-quote). */
export interface CheckoutTaxQuote {
  taxCents: number;
  lines: { label: string; rate: string; taxCents: number }[];
  /** The number of the certificate that took the tax off. */
  exemptCertificateNumber: string | null;
  /** A certificate for this state waits for review: tax is charged and refunded on approval. */
  exemptionPending: boolean;
}

/**
 * The sales tax of a checkout page's order for the address and shipping method the buyer chose:
 * the lines priced again from the database and the one tax step (calculate-tax.ts), as placeOrder
 * will compute it; null for a country the form does not offer or a US address without a state it
 * can read (the page then waits for one). Bounded input: the cart as the form posts it (CHECKOUT_LIMITS), a listed
 * country, a region of at most CHECKOUT_LIMITS.region characters, an enabled method (else none).
 */
export async function quoteCheckoutTax(
  deps: { db: Kysely<Database>; clock: Clock; env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL"> },
  input: {
    items: string | null;
    country: string | null;
    region: string | null;
    /** Read by Stripe Tax (decision 40); the same field placeOrder sends it. */
    postalCode?: string | null;
    shippingMethodId: string | null;
    userId: string | null;
    /** The code the page applied, with its proof (load-checkout.ts); without a valid proof, none. */
    discount?: { code: string | null; proof: string | null } | undefined;
  },
): Promise<CheckoutTaxQuote | null> {
  const country = (input.country ?? "").toUpperCase();
  if (!COUNTRY_CODES.includes(country)) return null;
  const region = (input.region ?? "").trim().slice(0, CHECKOUT_LIMITS.region) || null;
  // A US address is taxed by its state: until one can be read there is no tax to say (not "none").
  if (country === "US" && !isUsPostalRegion(region)) return null;
  const rules = await loadCheckoutRules(deps);
  const shipping =
    rules.shippingMethods.find((method) => method.id === input.shippingMethodId) ?? rules.shippingMethods[0];
  const { lines } = parseCartParam(input.items);
  const priced = await priceCart(deps, { lines, currency: rules.currency });
  // As placeOrder reckons it (decision 39): the code's discount off the lines, then shipping and tax on what is left.
  const code = input.discount?.code?.slice(0, 32);
  const proof = input.discount?.proof?.slice(0, 100);
  const discount =
    code && proof && isDiscountProof(deps.env.APP_SECRET, code, proof)
      ? await quoteDiscount(deps.db, {
          code,
          lines: priced.lines,
          now: deps.clock(),
          currency: rules.currency,
          customer: null,
        })
      : null;
  const paidLines = discount?.ok ? discountedLines(priced.lines, discount.lineDiscounts) : priced.lines;
  const tax = await calculateTax(deps, {
    lines: paidLines,
    // As placeOrder charges it: the method's rule for this cart (copies, subtotal).
    shippingCents: shipping ? shippingChargeFor(shipping, paidLines) : 0,
    country,
    region,
    postalCode: (input.postalCode ?? "").trim().slice(0, CHECKOUT_LIMITS.postalCode) || null,
    userId: input.userId,
    at: deps.clock(),
  });
  return {
    taxCents: tax.taxCents,
    lines: tax.lines.map((line) => ({
      label: line.label,
      rate: formatTaxRate(line.rateThousandths),
      taxCents: line.taxCents,
    })),
    exemptCertificateNumber: tax.exemption?.status === "approved" ? tax.exemption.certificateNumber : null,
    exemptionPending: tax.exemption?.status === "pending",
  };
}
