import type { ActionFailure } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { RETURN_REQUEST_INTENTS } from "#common/returns/return-claim-terms.ts";

/**
 * A guest proves an order with its number and e-mail, as Track Order asks for the number. A plain
 * form posted as a document: the server checks it and remembers the proof for this browser.
 */
export function FindOrderForm({
  values,
  failure,
}: {
  values: { orderId: string; email: string };
  failure?: ActionFailure["error"] | undefined;
}) {
  const fieldErrors = failure?.fieldErrors ?? {};
  const formMessage = failure && !fieldErrors.orderId && !fieldErrors.email ? failure.message : null;
  return (
    <form method="post" className="grid gap-4" aria-labelledby="find-order-heading">
      {formMessage ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-700/40">
          {formMessage}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={RETURN_REQUEST_INTENTS.find} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label="Order number"
          name="orderId"
          autoComplete="off"
          defaultValue={values.orderId}
          hint="As in your order confirmation, e.g. ORD-7K3M9Q2XJD4P."
          error={fieldErrors.orderId}
          required
        />
        <FormField
          label="E-mail address of the order"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={fieldErrors.email}
          required
        />
      </div>
      <div>
        <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`}>
          Find my order
        </button>
      </div>
    </form>
  );
}
