import { lazyCheck } from "#app/components/forms/lazy-check.ts";

/**
 * The forms' shared check (zod), fetched when a form is first sent, as the other account forms
 * do: the page itself carries no zod.
 */
export const loadTaxExemptionCheck = lazyCheck(() => import("#common/tax-exemptions/tax-exemption-schema.ts"));
