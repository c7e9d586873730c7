import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { loadStripeSecretKey } from "#server/payments/stripe/stripe-keys.ts";
import { AppError } from "#server/errors/app-error.ts";
import { insertDefaultSettings, STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import type { AppServices } from "#server/services.ts";
import { checkForm } from "#common/forms/check-form.ts";
import type { TaxMode } from "#common/tax/sales-tax.ts";
import { taxSettingsSchema } from "#common/tax/tax-settings-schema.ts";

/** A rate the owner set, as the settings and the owner-rates calculator read it. */
export interface StoredTaxRate {
  jurisdiction: string;
  country: string;
  state: string | null;
  rateThousandths: number;
  shippingTaxed: boolean;
  collecting: boolean;
}

export interface TaxSettings {
  mode: TaxMode;
  homeState: string | null;
  /** US states first (by code), then countries (by code). */
  rates: StoredTaxRate[];
}

/** The store's tax settings; no settings row yet: mode "none", no rates. */
export async function loadTaxSettings({ db }: { db: Kysely<Database> }): Promise<TaxSettings> {
  const [settings, rows] = await Promise.all([
    db
      .selectFrom("store_settings")
      .select(["tax_mode", "tax_home_state"])
      .where("id", "=", STORE_SETTINGS_ID)
      .executeTakeFirst(),
    db.selectFrom("tax_rates").selectAll().execute(),
  ]);
  const rates = rows
    .map((row) => ({
      jurisdiction: row.jurisdiction,
      country: row.country,
      state: row.state,
      rateThousandths: row.rate_thousandths,
      shippingTaxed: Boolean(row.shipping_taxed),
      collecting: Boolean(row.collecting),
    }))
    .sort((a, b) =>
      a.country === b.country
        ? (a.state ?? "").localeCompare(b.state ?? "")
        : a.country === "US"
          ? -1
          : b.country === "US"
            ? 1
            : a.country.localeCompare(b.country),
    );
  return { mode: settings?.tax_mode ?? "none", homeState: settings?.tax_home_state ?? null, rates };
}

/**
 * Whether Stripe Tax can be chosen (decision 40): the store has a readable Stripe secret key
 * (the card toggle aside: the tax is computed for every payment method).
 */
export async function stripeTaxAvailable({
  db,
  env,
}: {
  db: Kysely<Database>;
  env?: Pick<Env, "APP_SECRET"> | undefined;
}): Promise<boolean> {
  return env ? (await loadStripeSecretKey({ db, env })) !== null : false;
}

/**
 * Saves Store Settings → Tax: the mode, the home state and the whole list of rates (rewritten in
 * one transaction). Checked with the form's shared schema first: an unknown place, a negative
 * rate or one over 25 % is refused with its message and nothing is stored. The settings row's
 * `updated_at` is left alone: the main settings form posts none of these fields, so a save here
 * cannot undo one there, and it must not make that form's next save a conflict.
 */
export async function saveTaxSettings(
  { db, clock, env }: Pick<AppServices, "db" | "clock"> & { env?: Pick<Env, "APP_SECRET"> },
  input: { form: unknown },
): Promise<TaxSettings> {
  const checked = checkForm(taxSettingsSchema, input.form);
  if (!checked.success) throw new AppError("VALIDATION", checked.message, { fieldErrors: checked.fieldErrors });
  const form = checked.data;
  if (form.taxMode === "stripe-tax" && !(await stripeTaxAvailable({ db, env }))) {
    const message = "Stripe Tax needs the store's Stripe secret key: enter it under Payments first.";
    throw new AppError("VALIDATION", message, { fieldErrors: { taxMode: message } });
  }
  await db.transaction().execute(async (trx) => {
    await insertDefaultSettings(trx, { now: clock() });
    await trx
      .updateTable("store_settings")
      .set({ tax_mode: form.taxMode, tax_home_state: form.homeState })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
    await trx.deleteFrom("tax_rates").execute();
    if (form.rates.length > 0) {
      await trx
        .insertInto("tax_rates")
        .values(
          form.rates.map((rate) => ({
            jurisdiction: rate.jurisdiction,
            country: rate.country,
            state: rate.state,
            rate_thousandths: rate.rateThousandths,
            shipping_taxed: rate.shippingTaxed,
            collecting: rate.collecting,
          })),
        )
        .execute();
    }
  });
  return loadTaxSettings({ db });
}
