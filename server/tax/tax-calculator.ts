import type { TaxLine } from "#common/tax/sales-tax.ts";

/** What a tax calculator is asked: the order as the server priced it, and where it ships. */
export interface TaxQuoteRequest {
  /** `reference` names the line to a calculator that keeps one (Stripe Tax): the book or bundle id. */
  lines: ReadonlyArray<{ lineTotalCents: number; reference?: string }>;
  shippingCents: number;
  address: { country: string; region: string | null; postalCode?: string | null };
  /** True when an approved certificate covers the address: the calculator charges nothing. */
  exempt: boolean;
}

export interface TaxCalculation {
  taxCents: number;
  /** Per jurisdiction; empty when no tax applies. */
  lines: TaxLine[];
  /** Stripe Tax's calculation id (kept with the order, for its tax transaction); absent otherwise. */
  calculationId?: string | null;
}

/**
 * One way of computing sales tax (decisions 29 and 40): `owner-rates` (the rates the owner sets
 * in Store Settings) or `stripe-tax` (Stripe's Tax Calculations API), behind the same call.
 */
export interface TaxCalculator {
  quote(request: TaxQuoteRequest): Promise<TaxCalculation>;
}
