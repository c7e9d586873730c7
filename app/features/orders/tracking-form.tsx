import { Search } from "lucide-react";
import { useRef, useState } from "react";
import { ORDER_ID_REQUIRED_TITLE } from "#common/orders/order-id-required.ts";
import type { ActionResult } from "#server/http/action-result.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useCheckedForm } from "#app/components/forms/use-checked-form.ts";
import { defineIsland } from "#app/lib/island.tsx";
import { lazyCheck } from "#app/components/forms/lazy-check.ts";
import { usePageRestored } from "#app/components/forms/use-page-restored.ts";

/** The shared schema's check (zod), fetched when the visitor first searches, not with the page. */
const loadCheck = lazyCheck(() => import("#common/orders/tracking-schema.ts"));

/**
 * The order-id field and "Track Now", an island (decision 21). A plain GET form to /track-order,
 * so a lookup is a URL: shareable, back-button friendly and working without JavaScript (or before
 * the island hydrates). Once hydrated, the form kit refuses a blank id here (same schema as the
 * server), so it never reaches the server, and the browser gets the trimmed id.
 */
function TrackingForm({
  orderId,
  lookup,
}: {
  /** The id in the URL, which the page shows the result of. */
  orderId: string;
  /**
   * The page's lookup as the form's answer: a refusal's message shows under the field (the toast
   * alone vanishes after 5 s), and the form's own check replaces it.
   */
  lookup: ActionResult;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  // The island's prop as the server's answer: one object per page, so it is folded in once.
  const [result] = useState(lookup);
  // From a checked search until the browser leaves the page (or comes back to it with Back).
  const [busy, setBusy] = useState(false);
  const { fieldErrors, formProps } = useCheckedForm({
    schema: () => loadCheck().then((module) => module.trackOrderFormSchema),
    failureTitle: ORDER_ID_REQUIRED_TITLE,
    result,
    post: (form) => {
      const input = inputRef.current;
      // The browser reads the fields when it submits: the URL gets the trimmed id.
      if (input) input.value = input.value.trim();
      setBusy(true);
      form.submit();
    },
  });
  // Back/forward restores a page as it was left (busy, another id typed): it shows its own lookup again.
  usePageRestored(() => {
    setBusy(false);
    inputRef.current?.form?.reset();
  });

  return (
    <form
      {...formProps}
      method="get"
      action="/track-order"
      aria-label="Track an order"
      aria-busy={busy}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6"
    >
      <FormField
        label="Order ID"
        hint="You'll find it in your order confirmation, e.g. ORD-2025-001."
        error={fieldErrors.orderId}
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
    </form>
  );
}

/** The form as an island of its own chunk (`PAGE_ISLANDS`), loaded by the Track Order page only. */
export const TrackingFormIsland = defineIsland("tracking-form", TrackingForm);
