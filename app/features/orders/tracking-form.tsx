import { Search } from "lucide-react";
import { useId, useRef } from "react";
import { Form } from "react-router";
import { orderIdInputSchema } from "#server/orders/tracking-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";

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
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

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
      <label htmlFor={inputId} className="block font-semibold text-ink">
        Order ID
      </label>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        You'll find it in your order confirmation, e.g. ORD-2025-001.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <input
          // Remounted when the URL's id changes, so back/forward show the id being displayed.
          key={orderId}
          ref={inputRef}
          id={inputId}
          name="orderId"
          type="text"
          defaultValue={orderId}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter your order ID"
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className={`min-w-0 flex-1 rounded-full border bg-white px-4 py-2.5 text-ink placeholder:text-gray-600 ${
            error ? "border-red-700" : "border-brand-600/40"
          }`}
        />
        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          <Search aria-hidden="true" className="size-4" />
          {busy ? "Searching..." : "Track Now"}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-3 break-words text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
