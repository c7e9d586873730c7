import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { ORDER_INTENTS, orderStatusChangeSchema } from "#common/orders/order-status-schema.ts";
import { MAX_PARCELS_PER_SHIPMENT } from "#common/orders/parcel-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { MarkShippedButton } from "./mark-shipped-button.tsx";
import { ParcelFieldset, parcelFieldNames } from "./parcel-fields.tsx";

const FIELD_ORDER = Array.from({ length: MAX_PARCELS_PER_SHIPMENT }, (_, index) => {
  const names = parcelFieldNames(`parcels.${index}`);
  return [names.carrier, names.trackingNumber];
}).flat();

/**
 * "Mark shipped" for one order (the status list's Shipped, or Order Details): each parcel's
 * carrier and tracking number, all optional, then the status post with them. The server checks
 * the same schema and sets the toast; the dialog closes once the order is shipped.
 */
export function ShipOrderDialog({
  orderId,
  fetcher,
  onClose,
}: {
  orderId: string;
  fetcher: FetcherWithComponents<ActionResult>;
  onClose: () => void;
}) {
  const [rows, setRows] = useState(1);
  const posted = useRef(false);
  const rowsRef = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== "idle";
  const { fieldErrors, formProps } = useRouteForm({
    schema: orderStatusChangeSchema,
    fieldOrder: FIELD_ORDER,
    failureTitle: "Error updating status",
    fetcher,
    post: (_form, data) => {
      posted.current = true;
      void fetcher.submit(data, { method: "post" });
    },
  });

  // A parcel just added takes the keyboard, so it is typed into straight away.
  useEffect(() => {
    if (rows > 1) rowsRef.current?.querySelector<HTMLElement>(`[name="parcels.${rows - 1}.carrier"]`)?.focus();
  }, [rows]);

  useEffect(() => {
    if (!posted.current || fetcher.state !== "idle" || !fetcher.data) return;
    posted.current = false;
    if (fetcher.data.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Mark order ${orderId} shipped`}
      description="Enter each parcel's carrier and tracking number, if it has one. The customer gets the shipped e-mail with them."
    >
      <form {...formProps} className="grid gap-4">
        <input type="hidden" name="intent" value={ORDER_INTENTS.updateStatus} />
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="status" value="Shipped" />
        <div ref={rowsRef} className="grid gap-4">
          {Array.from({ length: rows }, (_, index) => (
            <ParcelFieldset
              key={index}
              legend={`Parcel ${index + 1}`}
              prefix={`parcels.${index}`}
              fieldErrors={fieldErrors}
            />
          ))}
        </div>
        {fieldErrors.parcels ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {fieldErrors.parcels}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <button
            type="button"
            className={buttonStyles.subtle}
            disabled={rows >= MAX_PARCELS_PER_SHIPMENT}
            onClick={() => setRows((count) => Math.min(count + 1, MAX_PARCELS_PER_SHIPMENT))}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add another parcel
          </button>
          <MarkShippedButton busy={busy} />
        </div>
      </form>
    </Dialog>
  );
}
