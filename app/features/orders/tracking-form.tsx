import { Search } from "lucide-react";
import { useRef } from "react";
import { Form } from "react-router";
import { ORDER_ID_REQUIRED_TITLE, trackOrderFormSchema } from "#common/orders/tracking-schema.ts";
import type { ActionResult } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useCheckedForm } from "#app/components/forms/use-checked-form.ts";

/**
 * The order-id field and "Track Now". A plain GET form to /track-order, so a lookup is a URL:
 * shareable, back-button friendly and working without JavaScript. With JavaScript, the form kit
 * refuses a blank id here (same schema as the server), so it never reaches the server.
 */
export function TrackingForm({
  orderId,
  busy,
  lookup,
}: {
  /** The id in the URL: the field follows it on back/forward. */
  orderId: string;
  busy: boolean;
  /**
   * The last lookup's answer, one object per lookup: a refusal's message shows under the field
   * (the toast alone vanishes after 5 s), and a newer lookup replaces the form's own message.
   */
  lookup: ActionResult;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { fieldErrors, formProps } = useCheckedForm({
    schema: trackOrderFormSchema,
    failureTitle: ORDER_ID_REQUIRED_TITLE,
    result: lookup,
  });

  return (
    <Form
      {...formProps}
      method="get"
      action="/track-order"
      aria-label="Track an order"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6"
      onSubmit={(event) => {
        formProps.onSubmit(event);
        const input = inputRef.current;
        // React Router reads the fields after this handler: the URL gets the trimmed id.
        if (!event.defaultPrevented && input) input.value = input.value.trim();
      }}
    >
      <FormField
        label="Order ID"
        hint="You'll find it in your order confirmation, e.g. ORD-2025-001."
        error={fieldErrors.orderId}
        // Remounted when the URL's id changes, so back/forward show the id being displayed.
        key={orderId}
        ref={inputRef}
        name="orderId"
        type="text"
        defaultValue={orderId}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="Enter your order ID"
        controlClassName="min-w-0 flex-1 rounded-full border border-brand-600/40 bg-white px-4 py-2.5 text-ink placeholder:text-gray-600 aria-invalid:border-red-700"
        beside={
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            <Search aria-hidden="true" className="size-4" />
            {busy ? "Searching..." : "Track Now"}
          </button>
        }
      />
    </Form>
  );
}
