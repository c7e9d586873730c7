import type * as TaxExemptionSchema from "#common/tax-exemptions/tax-exemption-schema.ts";

/**
 * The forms' shared check (zod), fetched when a form is first sent, as the other account forms
 * do: the page itself carries no zod.
 */
let checkLoading: Promise<typeof TaxExemptionSchema> | undefined;
export function loadTaxExemptionCheck() {
  checkLoading ??= import("#common/tax-exemptions/tax-exemption-schema.ts");
  return checkLoading;
}
