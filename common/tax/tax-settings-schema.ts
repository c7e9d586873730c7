import { z } from "zod";
import { isCountryCode } from "#common/settings/country-codes.ts";
import { US_STATES } from "#common/us-states.ts";
import { MAX_TAX_RATE_THOUSANDTHS, parseTaxRate, TAX_MODES, taxJurisdiction } from "./sales-tax.ts";

/**
 * Store Settings → Tax, shared by the browser (checked before posting) and the server (checked
 * again before anything is stored). Client-safe: zod only. Each rate row names its place as
 * "US-IL" (a US state) or "CA" (a country abroad) and its rate as typed ("6.25").
 */
/** The form numbers its rows with two digits at most (formValues), hence 100. */
export const MAX_TAX_RATES = 100;

const RATE_MESSAGE = "Each rate must be a percentage from 0 to 25, with at most 3 decimals (e.g. 6.25).";

const toggle = z
  .union([
    z.boolean(),
    z.enum(["true", "false", "on", "off", "1", "0", ""]).transform((v) => v === "true" || v === "on" || v === "1"),
  ])
  .default(false);

/** "US-IL" → { country: "US", state: "IL" }; "CA" → { country: "CA", state: null }; else null. */
export function parseTaxPlace(place: string): { country: string; state: string | null } | null {
  const match = /^US-([A-Z]{2})$/.exec(place);
  if (match) return match[1]! in US_STATES ? { country: "US", state: match[1]! } : null;
  return place !== "US" && isCountryCode(place) ? { country: place, state: null } : null;
}

export const taxRateRowSchema = z.object({
  place: z
    .string({ error: "Please choose a state or country for each rate." })
    .trim()
    .toUpperCase()
    .max(5, "Please choose a state or country from the list.")
    .refine((place) => place !== "", "Please choose a state or country for each rate.")
    .refine(
      (place) => place === "" || parseTaxPlace(place) !== null,
      "Please choose a state or country from the list.",
    ),
  rate: z
    .string({ error: RATE_MESSAGE })
    .max(12, RATE_MESSAGE)
    .transform((text, ctx) => {
      const trimmed = text.trim();
      if (trimmed.startsWith("-")) {
        ctx.addIssue({ code: "custom", message: "A tax rate cannot be negative." });
        return z.NEVER;
      }
      const rate = parseTaxRate(trimmed);
      if (rate === null) {
        ctx.addIssue({ code: "custom", message: RATE_MESSAGE });
        return z.NEVER;
      }
      if (rate > MAX_TAX_RATE_THOUSANDTHS) {
        ctx.addIssue({ code: "custom", message: "A tax rate over 25 % is surely a mistake: please check it." });
        return z.NEVER;
      }
      return rate;
    }),
  shippingTaxed: toggle,
  collecting: toggle,
});

export const taxSettingsSchema = z
  .object({
    taxMode: z.enum(TAX_MODES, { error: "Please choose how sales tax is computed." }),
    homeState: z
      .string({ error: "Please choose your home state from the list." })
      .trim()
      .toUpperCase()
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || value in US_STATES, "Please choose your home state from the list."),
    rates: z
      .array(taxRateRowSchema, { error: "The tax rates could not be read." })
      .max(MAX_TAX_RATES, `At most ${MAX_TAX_RATES} tax rates.`)
      .default([]),
  })
  .superRefine(
    (form, ctx) => {
      const seen = new Set<string>();
      form.rates.forEach((row, index) => {
        if (seen.has(row.place)) {
          ctx.addIssue({
            code: "custom",
            message: "This state or country has two rates: please keep one.",
            path: ["rates", index, "place"],
          });
        }
        seen.add(row.place);
      });
    },
    // Also when the mode or home state failed, so every message shows at once; only the rates must have parsed.
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "rates") },
  )
  .transform((form) => ({
    taxMode: form.taxMode,
    homeState: form.homeState,
    rates: form.rates.map((row) => {
      const place = parseTaxPlace(row.place)!;
      return {
        jurisdiction: taxJurisdiction(place.country, place.state),
        country: place.country,
        state: place.state,
        rateThousandths: row.rate,
        shippingTaxed: row.shippingTaxed,
        collecting: row.collecting,
      };
    }),
  }));

export type TaxSettingsForm = z.output<typeof taxSettingsSchema>;

/** The field name of one rate row's field (`rates.2.rate`): the path the schema reports errors under. */
export const taxRateFieldName = (index: number, field: "place" | "rate" | "shippingTaxed" | "collecting") =>
  `rates.${index}.${field}`;
