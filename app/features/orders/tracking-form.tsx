import { Search } from "lucide-react";
import { useRef } from "react";
import { Form } from "react-router";
import { orderIdInputSchema } from "#common/orders/tracking-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";

/**
 * The order-id field and "Track Now". A plain GET form to /track-order, so a lookup is a URL:
 * shareable, back-button friendly and working without JavaScript. With JavaScript, a blank id
 * is refused here (same schema as the server) and never reaches the server.
 */
export function TrackingForm({
  orderId,
  busy,
  error,
  onMissingId,
}: {
  /** The id in the URL: the field follows it on back/forward. */
  orderId: string;
  busy: boolean;
  /** The last lookup's problem, shown under the field (the toast alone vanishes after 5 s). */
  error?: string | undefined;
  onMissingId: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <Form
      method="get"
      action="/track-order"
      noValidate
      aria-label="Track an order"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6"
      onSubmit={(event) => {
        const input = inputRef.current;
        if (!input) return;
        const parsed = orderIdInputSchema.safeParse(input.value);
        if (!parsed.success) {
          event.preventDefault();
          input.focus();
          onMissingId();
          return;
        }
        // React Router reads the fields after this handler: the URL gets the trimmed id.
        input.value = parsed.data;
      }}
    >
      <FormField
        label="Order ID"
        hint="You'll find it in your order confirmation, e.g. ORD-2025-001."
        error={error}
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
