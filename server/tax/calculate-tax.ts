import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { loadStripeSecretKey } from "#server/payments/stripe/stripe-keys.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { findTaxExemption } from "#server/tax-exemptions/find-tax-exemption.ts";
import { usStateCode, type TaxLine } from "#common/tax/sales-tax.ts";
import { ownerRatesCalculator } from "./owner-rates-calculator.ts";
import { stripeTaxCalculator, TAX_UNAVAILABLE_MESSAGE } from "./stripe-tax-calculator.ts";
import type { TaxCalculator, TaxQuoteRequest } from "./tax-calculator.ts";

export interface TaxQuote {
  taxCents: number;
  lines: TaxLine[];
  /** Stripe Tax's calculation (the exempt one for an exempt order); null in the other modes. */
  calculationId: string | null;
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
  { db, env }: TaxDeps,
  input: {
    /** `id`: the book or bundle, named to a calculator that records lines (Stripe Tax). */
    lines: ReadonlyArray<{ lineTotalCents: number; id?: string }>;
    shippingCents: number;
    country: string;
    region: string | null;
    /** Read by Stripe Tax only (the rates the owner sets go by state or country). */
    postalCode?: string | null;
    userId: string | null;
    at: Date;
  },
): Promise<TaxQuote> {
  const calculator = await storeTaxCalculator({ db, env });
  if (!calculator) return { taxCents: 0, lines: [], calculationId: null, exemption: null };
  const request: TaxQuoteRequest = {
    lines: input.lines.map((line) => ({
      lineTotalCents: line.lineTotalCents,
      ...(line.id ? { reference: line.id } : {}),
    })),
    shippingCents: input.shippingCents,
    address: { country: input.country, region: input.region, postalCode: input.postalCode ?? null },
    exempt: false,
  };
  const taxed = withId(await calculator.quote(request));
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
  // Stripe Tax is asked again as `customer_exempt`: the calculation kept with the order says so.
  return { ...withId(await calculator.quote({ ...request, exempt: true })), exemption };
}

/** The tax step's needs: the database (or placeOrder's transaction) and, for Stripe Tax, its key's secret and address. */
export interface TaxDeps {
  db: Kysely<Database>;
  env?: Pick<Env, "APP_SECRET" | "STRIPE_API_URL"> | undefined;
}

function withId(calculation: Awaited<ReturnType<TaxCalculator["quote"]>>) {
  return { ...calculation, calculationId: calculation.calculationId ?? null };
}

/** How the store computes sales tax now ("none" without a settings row). */
export async function storeTaxMode(db: Kysely<Database>) {
  const settings = await db
    .selectFrom("store_settings")
    .select("tax_mode")
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  return settings?.tax_mode ?? "none";
}

/**
 * The calculator of the store's tax mode; null when it collects no tax. Stripe Tax without a
 * readable secret key (removed since, or APP_SECRET changed) cannot compute anything: UNAVAILABLE,
 * never a silent 0.
 */
async function storeTaxCalculator({ db, env }: TaxDeps): Promise<TaxCalculator | null> {
  const settings = await db
    .selectFrom("store_settings")
    .select(["tax_mode", "currency"])
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  switch (settings?.tax_mode) {
    case "owner-rates":
      return ownerRatesCalculator(db);
    case "stripe-tax": {
      const secretKey = env ? await loadStripeSecretKey({ db, env }) : null;
      if (!env || !secretKey) throw new AppError("UNAVAILABLE", TAX_UNAVAILABLE_MESSAGE, { reason: "tax-unavailable" });
      return stripeTaxCalculator({ secretKey, env, currency: settings.currency });
    }
    default:
      return null;
  }
}

/**
 * Whether the store may charge sales tax on any order: Stripe Tax, or the owner's rates with one
 * it collects.
 */
export async function collectsSalesTax({ db }: { db: Kysely<Database> }): Promise<boolean> {
  const mode = await storeTaxMode(db);
  if (mode === "stripe-tax") return true;
  if (mode !== "owner-rates") return false;
  const rate = await db
    .selectFrom("tax_rates")
    .select("jurisdiction")
    .where("collecting", "=", true)
    .where("rate_thousandths", ">", 0)
    .limit(1)
    .executeTakeFirst();
  return rate !== undefined;
}
