import type { TaxLine } from "#common/tax/sales-tax.ts";

/** What a tax calculator is asked: the order as the server priced it, and where it ships. */
export interface TaxQuoteRequest {
  lines: ReadonlyArray<{ lineTotalCents: number }>;
  shippingCents: number;
  address: { country: string; region: string | null };
  /** True when an approved certificate covers the address: the calculator charges nothing. */
  exempt: boolean;
}

export interface TaxCalculation {
  taxCents: number;
  /** Per jurisdiction; empty when no tax applies. */
  lines: TaxLine[];
}

/**
 * One way of computing sales tax (decision 29). Today one adapter: `owner-rates` (the rates the
 * owner sets in Store Settings); Stripe Tax would be a second one behind the same call.
 */
export interface TaxCalculator {
  quote(request: TaxQuoteRequest): Promise<TaxCalculation>;
}
