import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { US_STATES } from "#common/us-states.ts";
import { computeSalesTax, jurisdictionOfAddress, type ApplicableTaxRate } from "#common/tax/sales-tax.ts";
import { countryName } from "#server/checkout/country-names.ts";
import type { TaxCalculator } from "./tax-calculator.ts";

/**
 * The `owner-rates` calculator: the rate the owner set for the address's US state (or, abroad,
 * its country), when it is marked as collected. No rate, or one not collected: no tax.
 * `db` may be a transaction (placeOrder reads the rates inside its own).
 */
export function ownerRatesCalculator(db: Kysely<Database>): TaxCalculator {
  return {
    async quote({ lines, shippingCents, address, exempt }) {
      const jurisdiction = jurisdictionOfAddress(address.country, address.region);
      if (exempt || !jurisdiction) return { taxCents: 0, lines: [] };
      const row = await db
        .selectFrom("tax_rates")
        .selectAll()
        .where("jurisdiction", "=", jurisdiction)
        .executeTakeFirst();
      if (!row || !row.collecting || row.rate_thousandths <= 0) return { taxCents: 0, lines: [] };
      const rate: ApplicableTaxRate = {
        jurisdiction,
        label: row.state ? (US_STATES[row.state as keyof typeof US_STATES] ?? row.state) : countryName(row.country),
        rateThousandths: row.rate_thousandths,
        shippingTaxed: Boolean(row.shipping_taxed),
      };
      const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
      return computeSalesTax({ subtotalCents, shippingCents, rates: [rate] });
    },
  };
}
