import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { findTaxExemption } from "#server/tax-exemptions/find-tax-exemption.ts";
import { usStateCode, type TaxLine } from "#common/tax/sales-tax.ts";
import { ownerRatesCalculator } from "./owner-rates-calculator.ts";
import type { TaxCalculator, TaxQuoteRequest } from "./tax-calculator.ts";

export interface TaxQuote {
  taxCents: number;
  lines: TaxLine[];
  /**
   * The buyer's certificate for the ship-to state, when there is one and the order would be
   * taxed without it: "approved" took the tax off (the order records it); "pending" did not.
   */
  exemption: {
    status: "approved" | "pending";
    certificateId: string;
    certificateNumber: string;
    organisationName: string;
  } | null;
}

/**
 * The one tax step (issue 32, decision 29), called by the checkout page, its tax quote and
 * placeOrder (inside its transaction), so that every payment method gets the same number.
 *
 * The store's mode picks the calculator ("none": no tax). The exemption rule: a signed-in buyer
 * whose account holds an approved, unexpired certificate for the ship-to state
 * (findTaxExemption) buys for that organisation, so the order is billed to it and carries no tax;
 * a pending certificate changes nothing but is reported, so the page can say the tax will be
 * refunded on approval. Guests are never exempt: a certificate belongs to an account.
 */
export async function calculateTax(
  { db }: { db: Kysely<Database> },
  input: {
    lines: ReadonlyArray<{ lineTotalCents: number }>;
    shippingCents: number;
    country: string;
    region: string | null;
    userId: string | null;
    at: Date;
  },
): Promise<TaxQuote> {
  const calculator = await storeTaxCalculator(db);
  if (!calculator) return { taxCents: 0, lines: [], exemption: null };
  const request: TaxQuoteRequest = {
    lines: input.lines,
    shippingCents: input.shippingCents,
    address: { country: input.country, region: input.region },
    exempt: false,
  };
  const taxed = await calculator.quote(request);
  const state = input.country === "US" ? usStateCode(input.region) : null;
  if (taxed.lines.length === 0 || !input.userId || !state) return { ...taxed, exemption: null };

  const found = await findTaxExemption({ db }, { userId: input.userId, state, at: input.at });
  if (!found) return { ...taxed, exemption: null };
  const exemption = {
    status: found.status,
    certificateId: found.certificateId,
    certificateNumber: found.certificateNumber,
    organisationName: found.organisationName,
  };
  if (found.status === "pending") return { ...taxed, exemption };
  return { ...(await calculator.quote({ ...request, exempt: true })), exemption };
}

/** The calculator of the store's tax mode; null when it collects no tax. */
async function storeTaxCalculator(db: Kysely<Database>): Promise<TaxCalculator | null> {
  const settings = await db
    .selectFrom("store_settings")
    .select("tax_mode")
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  switch (settings?.tax_mode) {
    case "owner-rates":
      return ownerRatesCalculator(db);
    default:
      return null;
  }
}

/** Whether the store may charge sales tax on any order: a mode other than "none" and a rate it collects. */
export async function collectsSalesTax({ db }: { db: Kysely<Database> }): Promise<boolean> {
  if (!(await storeTaxCalculator(db))) return false;
  const rate = await db
    .selectFrom("tax_rates")
    .select("jurisdiction")
    .where("collecting", "=", true)
    .where("rate_thousandths", ">", 0)
    .limit(1)
    .executeTakeFirst();
  return rate !== undefined;
}
