import type { ActionFailure } from "#server/http/action-result.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { FormAlert, messageWithoutField } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useIslandForm } from "#app/components/forms/use-island-form.ts";
import { defineIsland } from "#app/lib/island.tsx";
import {
  CERTIFICATE_DOCUMENT_KINDS,
  CERTIFICATE_FILE_ACCEPT,
  CERTIFICATE_FILE_FIELD,
  TAX_EXEMPTION_INTENTS,
  TAX_EXEMPTION_LIMITS,
} from "#common/tax-exemptions/tax-exemption-terms.ts";
import { US_STATES } from "#common/us-states.ts";
import { ChoiceOptions } from "./choice-options.tsx";
import { loadTaxExemptionCheck } from "./tax-exemption-check.ts";

/** What was typed before a refusal (a file is chosen again). */
export interface CertificateValues {
  state: string;
  documentKind: string;
  certificateNumber: string;
  expiresOn: string;
}

export const CERTIFICATE_FAILURE_TITLE = "Certificate not sent";

/**
 * Sends a certificate for one state, an island (decision 21): a plain multipart form that posts
 * to the page's action. Once hydrated it checks the shared schema first (a file chosen, at most
 * 5 MB: a file too large is refused before it is uploaded); what the file is, is the server's to
 * tell from its bytes. `today` (UTC) keeps the date picker from offering past days.
 */
function CertificateFields({
  values,
  failure,
  today,
}: {
  values: CertificateValues;
  failure?: ActionFailure["error"] | undefined;
  today: string;
}) {
  const { busy, field, formProps } = useIslandForm({
    failure,
    defaultValues: values,
    schema: () => loadTaxExemptionCheck().then((module) => module.certificateSchema),
    fieldOrder: ["state", "documentKind", "certificateNumber", "expiresOn", CERTIFICATE_FILE_FIELD],
    failureTitle: CERTIFICATE_FAILURE_TITLE,
    clearOnInput: true,
  });
  // A refusal with no field to point at (no organisation yet, too many sends): said in the form too.
  const formMessage = messageWithoutField(failure);
  return (
    <form {...formProps} method="post" encType="multipart/form-data" aria-busy={busy} className="grid gap-4">
      <FormAlert message={formMessage} />
      <input type="hidden" name="intent" value={TAX_EXEMPTION_INTENTS.certificate} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField select label="State" {...field("state")} required>
          <ChoiceOptions choices={US_STATES} />
        </FormField>
        <FormField select label="Kind of certificate" {...field("documentKind")} required>
          <ChoiceOptions choices={CERTIFICATE_DOCUMENT_KINDS} />
        </FormField>
        <FormField
          label="Certificate or exemption number"
          autoComplete="off"
          maxLength={TAX_EXEMPTION_LIMITS.certificateNumber}
          {...field("certificateNumber")}
          required
        />
        <FormField
          label="Expiry date"
          type="date"
          min={today}
          hint="The last day the certificate is valid."
          {...field("expiresOn")}
          required
        />
      </div>
      <FormField
        label="Certificate file"
        type="file"
        accept={CERTIFICATE_FILE_ACCEPT}
        hint="A PDF, or a photo or scan as JPEG, PNG or WebP; at most 5 MB."
        {...field(CERTIFICATE_FILE_FIELD)}
        required
      />
      <SubmitButton busy={busy} label="Send for review" busyLabel="Sending..." />
    </form>
  );
}

export const CertificateForm = defineIsland("certificate-form", CertificateFields);
