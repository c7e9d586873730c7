import type { ActionFailure } from "#server/http/action-result.ts";
import type { ClaimPage } from "#server/returns/get-claim-page.ts";
import { FormAlert, messageWithoutField } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useIslandForm } from "#app/components/forms/use-island-form.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import {
  CLAIM_KINDS,
  CLAIM_PHOTO_ACCEPT,
  CLAIM_PHOTO_FIELD,
  RETURN_CLAIM_LIMITS,
  RETURN_REQUEST_INTENTS,
} from "#common/returns/return-claim-terms.ts";
import { loadReturnClaimCheck } from "./return-claim-check.ts";

export interface ClaimValues {
  kind: string;
  reason: string;
  /** Copies typed per order line, by the line's id. */
  quantities: Record<string, string>;
}

/**
 * The claim: return or damage, how many copies of each line (at most what is left to claim), the
 * reason and an optional photo. An island (decision 21): a plain multipart form posted as a
 * document, checked first by the shared schema once hydrated (a photo over 10 MB is refused before
 * it is sent); what needs the order (copies left, the window) and the photo's bytes are the server's.
 */
function ClaimFields({
  page,
  values,
  failure,
}: {
  page: Pick<ClaimPage, "orderId" | "lines">;
  values: ClaimValues;
  failure?: ActionFailure["error"] | undefined;
}) {
  const { busy, fieldErrors, formProps } = useIslandForm({
    failure,
    schema: () => loadReturnClaimCheck().then((module) => module.returnClaimSchema),
    fieldOrder: [
      "kind",
      "lines",
      ...page.lines.map((_, index) => `lines.${index}.quantity`),
      "reason",
      CLAIM_PHOTO_FIELD,
    ],
    failureTitle: "Request not sent",
    clearOnInput: true,
  });
  // A refusal with no field to point at (the window closed meanwhile, too many posts): said in the form too.
  const formMessage = messageWithoutField(failure);
  return (
    <form {...formProps} method="post" encType="multipart/form-data" aria-busy={busy} className="grid gap-5">
      <FormAlert message={formMessage} />
      <input type="hidden" name="intent" value={RETURN_REQUEST_INTENTS.claim} />
      <input type="hidden" name="orderId" value={page.orderId} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold text-ink">What would you like to do?</legend>
        {(Object.keys(CLAIM_KINDS) as (keyof typeof CLAIM_KINDS)[]).map((kind) => (
          <label key={kind} className="flex items-center gap-3 text-ink">
            <input
              type="radio"
              name="kind"
              value={kind}
              defaultChecked={(values.kind || "damage") === kind}
              className="size-4 accent-brand-700"
            />
            {kind === "return" ? "Return items" : "Report items damaged on arrival"}
          </label>
        ))}
        {fieldErrors.kind ? <p className="text-sm text-red-700">{fieldErrors.kind}</p> : null}
      </fieldset>
      <fieldset className="grid gap-3" aria-describedby={fieldErrors.lines ? "claim-lines-error" : undefined}>
        <legend className="mb-2 font-semibold text-ink">Which items, and how many copies?</legend>
        {fieldErrors.lines ? (
          <p id="claim-lines-error" className="text-sm text-red-700">
            {fieldErrors.lines}
          </p>
        ) : null}
        {page.lines.map((line, index) => (
          <div key={line.itemId} className="rounded-lg bg-brand-50 p-3 ring-1 ring-brand-100">
            <input type="hidden" name={`lines.${index}.itemId`} value={line.itemId} />
            <FormField
              label={line.title}
              name={`lines.${index}.quantity`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.claimable}
              step={1}
              disabled={line.claimable === 0}
              defaultValue={values.quantities[line.itemId] ?? "0"}
              hint={
                line.claimable === 0
                  ? `All ${line.quantity} ${line.quantity === 1 ? "copy is" : "copies are"} already in a request.`
                  : `You bought ${line.quantity}; up to ${line.claimable} can be claimed.`
              }
              error={fieldErrors[`lines.${index}.quantity`]}
              controlClassName="w-28 rounded-lg border border-brand-600/40 bg-white px-3 py-2 text-ink"
            />
          </div>
        ))}
      </fieldset>
      <FormField
        multiline
        label="What is wrong?"
        name="reason"
        rows={4}
        maxLength={RETURN_CLAIM_LIMITS.reason}
        defaultValue={values.reason}
        hint="For a return: items must be unused and in their original packaging."
        error={fieldErrors.reason}
        required
      />
      <FormField
        label="Photo (optional)"
        name={CLAIM_PHOTO_FIELD}
        type="file"
        accept={CLAIM_PHOTO_ACCEPT}
        hint="A JPEG, PNG, WebP or AVIF photo of at most 10 MB. Only you and our staff can see it."
        error={fieldErrors[CLAIM_PHOTO_FIELD]}
      />
      <SubmitButton busy={busy} label="Send request" busyLabel="Sending..." />
    </form>
  );
}

export const ClaimForm = defineIsland("claim-form", ClaimFields);
