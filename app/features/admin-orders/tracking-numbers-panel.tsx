import { Mail, Pencil, Trash2, Truck } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { OrderDetails } from "#server/orders/get-order-details.ts";
import type { TrackingNumberEntry } from "#server/orders/tracking-numbers.ts";
import {
  addTrackingNumberSchema,
  editTrackingNumberSchema,
  TRACKING_INTENTS,
} from "#common/orders/tracking-number-schema.ts";
import { MAX_TRACKING_NUMBERS_PER_ORDER } from "#common/orders/parcel-schema.ts";
import { CARRIER_LABELS } from "#common/orders/carriers.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { TrackingNumber } from "#app/components/ui/tracking-number-list.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { ParcelFields } from "./parcel-fields.tsx";
import { ShipOrderDialog } from "./ship-order-dialog.tsx";

/** One id per confirmed resend: the same post sent again queues no second mail. */
function newRequestId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Order Details' "Shipping and tracking": the parcels' tracking numbers, each linked to its
 * carrier and correctable (edit, remove), a form to add one, Mark shipped for an order not yet
 * shipped (with its parcels), and the shipped e-mail sent again. The server decides each again.
 */
export function TrackingNumbersPanel({ order }: { order: OrderDetails }) {
  const headingId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TrackingNumberEntry | null>(null);
  const [resending, setResending] = useState(false);
  const [shipping, setShipping] = useState(false);
  const closeShipping = useCallback(() => setShipping(false), []);
  const removeFetcher = useFetcher<ActionResult>();
  const resendFetcher = useFetcher<ActionResult>();
  const shipFetcher = useFetcher<ActionResult>();
  const [requestId, setRequestId] = useState("");
  const shipped = order.status === "Shipped" || order.status === "Delivered";
  const cancelled = order.status === "Cancelled";
  const full = order.trackingNumbers.length >= MAX_TRACKING_NUMBERS_PER_ORDER;

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-brand-100 p-4">
      <h3 id={headingId} className="font-serif text-lg font-semibold text-brand-800">
        Shipping and tracking
      </h3>
      {order.trackingNumbers.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No tracking numbers yet.</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm" data-testid="admin-tracking-numbers">
          {order.trackingNumbers.map((parcel) =>
            editing === parcel.id ? (
              <li key={parcel.id} className="rounded-lg border border-brand-100 p-3">
                <EditTrackingNumberForm orderId={order.id} parcel={parcel} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={parcel.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-brand-100 px-3 py-2"
              >
                <span className="min-w-0 break-words">
                  <TrackingNumber parcel={parcel} />
                </span>
                <span className="flex gap-1">
                  <button type="button" className={buttonStyles.subtle} onClick={() => setEditing(parcel.id)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit<span className="sr-only"> tracking number {parcel.trackingNumber}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.subtle}
                    disabled={removeFetcher.state !== "idle"}
                    onClick={() => setRemoving(parcel)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove<span className="sr-only"> tracking number {parcel.trackingNumber}</span>
                  </button>
                </span>
              </li>
            ),
          )}
        </ul>
      )}

      {cancelled || full ? null : <AddTrackingNumberForm orderId={order.id} />}
      {full ? (
        <p className="mt-3 text-sm text-gray-700">
          This order has the most tracking numbers one order holds ({MAX_TRACKING_NUMBERS_PER_ORDER}).
        </p>
      ) : null}

      {!cancelled ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {shipped ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={resendFetcher.state !== "idle"}
              onClick={() => {
                setRequestId(newRequestId());
                setResending(true);
              }}
            >
              <Mail aria-hidden="true" className="size-5" />
              Send shipped e-mail again
            </button>
          ) : (
            <button type="button" className={buttonStyles.primary} onClick={() => setShipping(true)}>
              <Truck aria-hidden="true" className="size-5" />
              Mark shipped
            </button>
          )}
        </div>
      ) : null}

      {shipping ? <ShipOrderDialog orderId={order.id} fetcher={shipFetcher} onClose={closeShipping} /> : null}
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          title="Remove this tracking number?"
          description={`${CARRIER_LABELS[removing.carrier]} ${removing.trackingNumber} will no longer show to the customer on order ${order.id}.`}
          confirmLabel="Remove"
          busy={removeFetcher.state !== "idle"}
          onConfirm={() => {
            void removeFetcher.submit(
              { intent: TRACKING_INTENTS.remove, orderId: order.id, trackingId: removing.id },
              { method: "post" },
            );
            setRemoving(null);
          }}
        />
      ) : null}
      {resending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setResending(false);
          }}
          title="Send the shipped e-mail again?"
          description={`${order.customerEmail} gets the shipped e-mail of order ${order.id} again, with its tracking numbers as they are now.`}
          confirmLabel="Send again"
          busy={resendFetcher.state !== "idle"}
          onConfirm={() => {
            void resendFetcher.submit(
              { intent: TRACKING_INTENTS.resendShippedMail, orderId: order.id, requestId },
              { method: "post" },
            );
            setResending(false);
          }}
        />
      ) : null}
    </section>
  );
}

function AddTrackingNumberForm({ orderId }: { orderId: string }) {
  const headingId = useId();
  const fetcher = useFetcher<ActionResult>();
  const { fieldErrors, formProps } = useRouteForm({
    schema: addTrackingNumberSchema,
    fieldOrder: ["carrier", "trackingNumber"],
    failureTitle: "Could not add the tracking number",
    fetcher,
    resetOnSuccess: true,
    post: (_form, data) => void fetcher.submit(data, { method: "post" }),
  });
  return (
    <form {...formProps} className="mt-4 grid gap-3" aria-labelledby={headingId}>
      <h4 id={headingId} className="font-semibold text-ink">
        Add a tracking number
      </h4>
      <input type="hidden" name="intent" value={TRACKING_INTENTS.add} />
      <input type="hidden" name="orderId" value={orderId} />
      <ParcelFields fieldErrors={fieldErrors} />
      <div>
        <button type="submit" className={buttonStyles.secondary} disabled={fetcher.state !== "idle"}>
          Add tracking number
        </button>
      </div>
    </form>
  );
}

function EditTrackingNumberForm({
  orderId,
  parcel,
  onDone,
}: {
  orderId: string;
  parcel: TrackingNumberEntry;
  onDone: () => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  const { fieldErrors, formProps } = useRouteForm({
    schema: editTrackingNumberSchema,
    fieldOrder: ["carrier", "trackingNumber"],
    failureTitle: "Could not save the tracking number",
    fetcher,
    post: (_form, data) => void fetcher.submit(data, { method: "post" }),
  });
  const fields = useRef<HTMLDivElement>(null);
  // Opened by its Edit button, which it replaces: the keyboard moves into the form.
  useEffect(() => fields.current?.querySelector("select")?.focus(), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);
  return (
    <form {...formProps} className="grid gap-3" aria-label={`Correct tracking number ${parcel.trackingNumber}`}>
      <input type="hidden" name="intent" value={TRACKING_INTENTS.edit} />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="trackingId" value={parcel.id} />
      <div ref={fields}>
        <ParcelFields fieldErrors={fieldErrors} carrier={parcel.carrier} trackingNumber={parcel.trackingNumber} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={fetcher.state !== "idle"}>
          Save
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
