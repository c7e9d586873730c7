import type { ActionFailure } from "#server/http/action-result.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/forms/submit-button.tsx";
import { useIslandForm } from "#app/components/forms/use-island-form.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { defineIsland } from "#app/lib/island.tsx";
import { RETURN_REQUEST_INTENTS } from "#common/returns/return-claim-terms.ts";
import { loadReturnClaimCheck } from "./return-claim-check.ts";

/**
 * A guest proves an order with its number and e-mail, as Track Order asks for the number. An
 * island (decision 21): a plain form posted as a document, checked first by the shared schema
 * once hydrated; the server checks it again and remembers the proof for this browser.
 */
function FindOrderFields({
  values,
  failure,
}: {
  values: { orderId: string; email: string };
  failure?: ActionFailure["error"] | undefined;
}) {
  const { busy, field, formProps } = useIslandForm({
    failure,
    defaultValues: values,
    schema: () => loadReturnClaimCheck().then((module) => module.findClaimOrderSchema),
    fieldOrder: ["orderId", "email"],
    failureTitle: "Order not found",
    clearOnInput: true,
  });
  const formMessage = failure && !failure.fieldErrors?.orderId && !failure.fieldErrors?.email ? failure.message : null;
  return (
    <form {...formProps} method="post" aria-busy={busy} className="grid gap-4" aria-labelledby="find-order-heading">
      <FormAlert message={formMessage} />
      <input type="hidden" name="intent" value={RETURN_REQUEST_INTENTS.find} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label="Order number"
          autoComplete="off"
          hint="As in your order confirmation, e.g. ORD-7K3M9Q2XJD4P."
          {...field("orderId")}
          required
        />
        <FormField label="E-mail address of the order" type="email" autoComplete="email" {...field("email")} required />
      </div>
      <SubmitButton busy={busy} label="Find my order" busyLabel="Looking..." />
    </form>
  );
}

export const FindOrderForm = defineIsland("find-claim-order-form", FindOrderFields);
