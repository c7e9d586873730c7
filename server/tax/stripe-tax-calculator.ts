import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import { AppError } from "#server/errors/app-error.ts";
import { createStripeClient } from "#server/payments/stripe/stripe-client.ts";
import { US_STATES } from "#common/us-states.ts";
import { RATE_SCALE, type TaxLine } from "#common/tax/sales-tax.ts";
import { countryName } from "#server/checkout/country-names.ts";
import type { TaxCalculation, TaxCalculator, TaxQuoteRequest } from "./tax-calculator.ts";

/** Stripe's product tax code for printed books (every book and bundle the shop sells). */
export const PRINTED_BOOK_TAX_CODE = "txcd_35010000";
/** Stripe's tax code for shipping charged to the buyer. */
export const SHIPPING_TAX_CODE = "txcd_92010001";

export const TAX_UNAVAILABLE_MESSAGE =
  "The sales tax could not be computed right now: our tax service (Stripe) cannot be reached. Nothing was charged; please try again in a moment.";

/** The Stripe client options at checkout: a buyer waits, so an outage must answer within seconds. */
const CHECKOUT_CLIENT = { maxNetworkRetries: 1, timeout: 8_000 };

/**
 * The `stripe-tax` calculator (decision 40): Stripe's Tax Calculations API
 * (`POST /v1/tax/calculations`) with the order's lines (a reference and the printed-book tax code
 * each), its shipping, and the ship-to address (country, state, ZIP: the fields the checkout
 * page's quote and placeOrder both have, so both ask Stripe the same question). An exempt buyer is
 * sent as `taxability_override=customer_exempt`. The answer's id is kept with the order
 * (transactions are recorded from it once the order is confirmed).
 *
 * Stripe unreachable (network, timeout, 5xx, rate limit): UNAVAILABLE with a plain message,
 * never a tax of 0. An address Stripe cannot locate: VALIDATION on the ZIP code.
 */
export function stripeTaxCalculator(input: {
  secretKey: string;
  env: Pick<Env, "STRIPE_API_URL">;
  currency: string;
}): TaxCalculator {
  return {
    async quote(request) {
      const stripe = await createStripeClient(input.secretKey, input.env, CHECKOUT_CLIENT);
      let calculation: Stripe.Tax.Calculation;
      try {
        calculation = await stripe.tax.calculations.create(calculationParams(request, input.currency));
      } catch (error) {
        throw taxError(error);
      }
      return fromCalculation(calculation);
    },
  };
}

export function calculationParams(request: TaxQuoteRequest, currency: string): Stripe.Tax.CalculationCreateParams {
  const { address } = request;
  return {
    currency: currency.toLowerCase(),
    line_items: request.lines.map((line, index) => ({
      amount: line.lineTotalCents,
      // Unique within the calculation (Stripe requires it): the line's position and its item.
      reference: `${index + 1}:${line.reference ?? "item"}`.slice(0, 500),
      tax_code: PRINTED_BOOK_TAX_CODE,
    })),
    ...(request.shippingCents > 0
      ? { shipping_cost: { amount: request.shippingCents, tax_code: SHIPPING_TAX_CODE } }
      : {}),
    customer_details: {
      address: {
        country: address.country,
        ...(address.region ? { state: address.region } : {}),
        ...(address.postalCode ? { postal_code: address.postalCode } : {}),
      },
      address_source: "shipping",
      ...(request.exempt ? { taxability_override: "customer_exempt" as const } : {}),
    },
  };
}

/** Stripe's calculation as the shop's: the tax exclusive of prices, one line per state (or country). */
export function fromCalculation(calculation: Stripe.Tax.Calculation): TaxCalculation {
  const byPlace = new Map<string, TaxLine>();
  for (const part of calculation.tax_breakdown) {
    if (part.amount <= 0 || part.inclusive) continue;
    const details = part.tax_rate_details;
    const country = (details.country ?? "").toUpperCase();
    const state = details.state?.toUpperCase() ?? null;
    const jurisdiction = country === "US" && state ? `US-${state}` : country;
    const label =
      country === "US" && state ? (US_STATES[state as keyof typeof US_STATES] ?? state) : countryName(country);
    const rateThousandths = Math.round(Number(details.percentage_decimal) * RATE_SCALE);
    const line = byPlace.get(jurisdiction);
    if (line) {
      line.taxCents += part.amount;
      line.taxableCents += part.taxable_amount;
      line.rateThousandths = Math.max(line.rateThousandths, rateThousandths);
    } else {
      byPlace.set(jurisdiction, {
        jurisdiction,
        label,
        rateThousandths,
        taxableCents: part.taxable_amount,
        taxCents: part.amount,
      });
    }
  }
  return {
    taxCents: calculation.tax_amount_exclusive,
    lines: [...byPlace.values()],
    calculationId: calculation.id,
  };
}

function taxError(error: unknown): Error {
  const type = (error as { type?: string } | null)?.type;
  const code = (error as { code?: string } | null)?.code;
  if (type === "StripeInvalidRequestError" && code === "customer_tax_location_invalid") {
    const message = "Stripe could not find this address for sales tax. Please check the state and ZIP code.";
    return new AppError("VALIDATION", message, { fieldErrors: { postalCode: message } });
  }
  // Everything else is Stripe not answering as it should (down, slow, a key it refuses, a 5xx):
  // the buyer cannot fix it, the owner may (the log says which), and no order gets a guessed tax.
  return new AppError("UNAVAILABLE", TAX_UNAVAILABLE_MESSAGE, { reason: "tax-unavailable", cause: error });
}
