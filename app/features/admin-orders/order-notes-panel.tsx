import { useId } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { OrderDetails } from "#server/orders/get-order-details.ts";
import { ORDER_NOTE_INTENT, ORDER_NOTE_MAX_LENGTH, orderNoteSchema } from "#common/orders/order-note-schema.ts";
import { formatDateTime } from "#common/dates.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormField } from "#app/components/ui/form-field.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";

/**
 * Order Details' staff notes: who wrote each, when, and what, oldest first, and a form to add
 * one. Staff only: nothing a customer sees reads them (server/orders/add-order-note.ts).
 */
export function OrderNotesPanel({ order }: { order: OrderDetails }) {
  const headingId = useId();
  const fetcher = useFetcher<ActionResult>();
  const { fieldErrors, formProps } = useRouteForm({
    schema: orderNoteSchema,
    fieldOrder: ["note"],
    failureTitle: "Could not add the note",
    fetcher,
    resetOnSuccess: true,
    post: (_form, data) => void fetcher.submit(data, { method: "post" }),
  });
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-brand-100 p-4">
      <h3 id={headingId} className="font-serif text-lg font-semibold text-brand-800">
        Staff notes
      </h3>
      <p className="mt-1 text-sm text-gray-700">Only staff see these notes; the customer never does.</p>
      {order.notes.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No notes yet.</p>
      ) : (
        <ol className="mt-3 grid gap-2 text-sm" data-testid="order-notes">
          {order.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-brand-50 px-3 py-2">
              <p className="whitespace-pre-wrap break-words text-ink">{note.body}</p>
              <p className="mt-1 flex flex-wrap gap-x-1 text-xs text-gray-700">
                <span className="break-all">{note.authorEmail}</span>
                <span aria-hidden="true">·</span>
                <time className="whitespace-nowrap" dateTime={note.createdAt}>
                  {formatDateTime(note.createdAt)}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form {...formProps} className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value={ORDER_NOTE_INTENT} />
        <input type="hidden" name="orderId" value={order.id} />
        <FormField
          multiline
          label="New note"
          name="note"
          rows={3}
          hint={`For staff only, at most ${ORDER_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.`}
          error={fieldErrors.note}
        />
        <div>
          <button type="submit" className={buttonStyles.secondary} disabled={fetcher.state !== "idle"}>
            Add note
          </button>
        </div>
      </form>
    </section>
  );
}
