import type { ActionFailure } from "#server/http/action-result.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useIslandForm } from "#app/components/forms/use-island-form.ts";
import { defineIsland } from "#app/lib/island.tsx";
import {
  ORGANISATION_KINDS,
  TAX_EXEMPTION_INTENTS,
  TAX_EXEMPTION_LIMITS,
} from "#common/tax-exemptions/tax-exemption-terms.ts";
import { US_STATES } from "#common/us-states.ts";
import { ChoiceOptions } from "./choice-options.tsx";
import { loadTaxExemptionCheck } from "./tax-exemption-check.ts";

/** The organisation's fields as the form shows them: the saved organisation, or what was typed before a refusal. */
export interface OrganisationValues {
  name: string;
  kind: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The longest value of each text field, as the schema checks them (a ZIP+4 code at most). */
const ORGANISATION_LIMITS = {
  name: TAX_EXEMPTION_LIMITS.organisationName,
  street: TAX_EXEMPTION_LIMITS.street,
  city: TAX_EXEMPTION_LIMITS.city,
  postalCode: 10,
};

export const ORGANISATION_FAILURE_TITLE = "Error saving organisation";

/**
 * The organisation an account buys for, an island (decision 21): a plain HTML form that posts
 * to the page's action, checked with the shared schema first once hydrated. The server redirects
 * back with a toast, or renders the page again with its refusal and what was typed.
 */
function OrganisationFields({
  values,
  failure,
  saved,
}: {
  values: OrganisationValues;
  failure?: ActionFailure["error"] | undefined;
  /** Whether the account has an organisation already (the button says Save or Update). */
  saved: boolean;
}) {
  const { busy, field, formProps } = useIslandForm({
    failure,
    defaultValues: values,
    maxLengths: ORGANISATION_LIMITS,
    schema: () => loadTaxExemptionCheck().then((module) => module.organisationSchema),
    fieldOrder: ["name", "kind", "street", "city", "state", "postalCode"],
    failureTitle: ORGANISATION_FAILURE_TITLE,
    clearOnInput: true,
  });
  return (
    <form {...formProps} method="post" aria-busy={busy} className="grid gap-4">
      <input type="hidden" name="intent" value={TAX_EXEMPTION_INTENTS.organisation} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Organisation name" autoComplete="organization" {...field("name")} required />
        <FormField select label="Type" {...field("kind")} required>
          <ChoiceOptions choices={ORGANISATION_KINDS} />
        </FormField>
      </div>
      <FormField label="Street address" autoComplete="street-address" {...field("street")} required />
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_2fr_1fr]">
        <FormField label="City" autoComplete="address-level2" {...field("city")} required />
        <FormField select label="State" autoComplete="address-level1" {...field("state")} required>
          <ChoiceOptions choices={US_STATES} />
        </FormField>
        <FormField label="ZIP code" autoComplete="postal-code" inputMode="numeric" {...field("postalCode")} required />
      </div>
      <SubmitButton busy={busy} label={saved ? "Update organisation" : "Save organisation"} busyLabel="Saving..." />
    </form>
  );
}

export const OrganisationForm = defineIsland("organisation-form", OrganisationFields);
