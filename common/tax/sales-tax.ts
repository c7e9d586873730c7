// The sales-tax rule (issue 32, decision 29): pure and client-safe (no zod), so the checkout's
// island, the server and the tests read the same arithmetic.
import { US_OTHER_POSTAL_REGIONS, US_STATES, type UsStateCode } from "#common/us-states.ts";

/** How the store computes sales tax: none, the rates the owner sets, or Stripe Tax (decisions 29, 40). */
export const TAX_MODES = ["none", "owner-rates", "stripe-tax"] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** Rates are kept in thousandths of a percent: 6.25 % is 6250, an exact integer. */
export const RATE_SCALE = 1000;
/** 25 %: no US state or country charges more on books; anything higher is a typing mistake. */
export const MAX_TAX_RATE_THOUSANDTHS = 25 * RATE_SCALE;

/** A rate that applies to an order's ship-to address. */
export interface ApplicableTaxRate {
  /** "US-IL" for a US state, "CA" for a whole country. */
  jurisdiction: string;
  /** What the buyer reads: "Illinois", "Canada". */
  label: string;
  rateThousandths: number;
  shippingTaxed: boolean;
}

/** The tax of one jurisdiction on one order. */
export interface TaxLine {
  jurisdiction: string;
  label: string;
  rateThousandths: number;
  taxableCents: number;
  taxCents: number;
}

/**
 * The tax on `taxableCents` at `rateThousandths`, in whole cents, rounded half up:
 * tax = floor((taxable × rate + 50 000) / 100 000), with rate in thousandths of a percent
 * (so 100 000 is 100 %). Integer arithmetic only: taxable ≤ 10^10 cents and rate ≤ 25 000 stay
 * far below 2^53. A half cent (e.g. $10.00 at 6.25 % = 62.5 ¢) becomes the next cent (63 ¢).
 */
export function taxOnAmount(taxableCents: number, rateThousandths: number): number {
  if (taxableCents <= 0 || rateThousandths <= 0) return 0;
  return Math.floor((taxableCents * rateThousandths + 50_000) / 100_000);
}

/**
 * The rule: per jurisdiction, taxable = the lines' subtotal, plus the shipping charge when that
 * jurisdiction taxes shipping; tax = taxOnAmount(taxable, rate), rounded half up once per
 * jurisdiction (never per line). An order ships to one address, so it has at most one line today;
 * the list leaves room for state plus local rates later. No rate: no tax, no lines.
 */
export function computeSalesTax(input: {
  subtotalCents: number;
  shippingCents: number;
  rates: readonly ApplicableTaxRate[];
}): { taxCents: number; lines: TaxLine[] } {
  const lines = input.rates.map((rate) => {
    const taxableCents = input.subtotalCents + (rate.shippingTaxed ? input.shippingCents : 0);
    return {
      jurisdiction: rate.jurisdiction,
      label: rate.label,
      rateThousandths: rate.rateThousandths,
      taxableCents,
      taxCents: taxOnAmount(taxableCents, rate.rateThousandths),
    };
  });
  return { taxCents: lines.reduce((sum, line) => sum + line.taxCents, 0), lines };
}

/** "6.25 %" from 6250; at most three decimals, trailing zeros dropped. */
export function formatTaxRate(rateThousandths: number): string {
  return `${(rateThousandths / RATE_SCALE).toFixed(3).replace(/\.?0+$/, "")} %`;
}

/** The rate as the settings form shows it ("6.25"). */
export function taxRateText(rateThousandths: number): string {
  return (rateThousandths / RATE_SCALE).toFixed(3).replace(/\.?0+$/, "");
}

/** "6.25" or "6.25 %" → 6250; null when not a number of 0 or more with at most three decimals. */
export function parseTaxRate(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * RATE_SCALE + Number((match[2] ?? "").padEnd(3, "0"));
}

const STATE_BY_NAME = new Map(
  Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code as UsStateCode]),
);

/** A US state as typed in an address ("IL", "il", "Illinois", "illinois.") → its USPS code, else null. */
export function usStateCode(region: string | null | undefined): UsStateCode | null {
  const text = (region ?? "").trim().replace(/\.$/, "").replace(/\s+/g, " ");
  if (!text) return null;
  const upper = text.toUpperCase();
  if (upper in US_STATES) return upper as UsStateCode;
  return STATE_BY_NAME.get(text.toLowerCase()) ?? null;
}

/**
 * Whether a US address's region can be read: a state (usStateCode), or a territory or military
 * post office (US_OTHER_POSTAL_REGIONS, by code or name), where no state's tax applies.
 */
export function isUsPostalRegion(region: string | null | undefined): boolean {
  if (usStateCode(region)) return true;
  const text = (region ?? "").trim().replace(/\.$/, "").replace(/\s+/g, " ").toLowerCase();
  return Object.entries(US_OTHER_POSTAL_REGIONS).some(
    ([code, name]) => text === code.toLowerCase() || text === name.toLowerCase(),
  );
}

/** The key of a tax rate: "US-IL" for a US state, the country code for any other country. */
export function taxJurisdiction(country: string, state: string | null): string {
  return country === "US" && state ? `US-${state}` : country;
}

/**
 * The jurisdiction an address falls in: its US state, or its country abroad. A US address whose
 * state cannot be read falls in none (the checkout asks for a state before it gets this far).
 */
export function jurisdictionOfAddress(country: string, region: string | null | undefined): string | null {
  if (country !== "US") return country;
  const state = usStateCode(region);
  return state ? taxJurisdiction("US", state) : null;
}

/** What the checkout says when an order carries no tax. */
export const NO_SALES_TAX_TEXT = "No sales tax is collected on this order.";
/** What the checkout and confirmation say while a certificate waits for review. */
export const PENDING_EXEMPTION_TEXT =
  "Your tax-exemption certificate for this state is waiting for review: sales tax is charged now and will be refunded when it is approved.";

/** "Tax exempt: certificate 12-3456". */
export function taxExemptText(certificateNumber: string): string {
  return `Tax exempt: certificate ${certificateNumber}`;
}
