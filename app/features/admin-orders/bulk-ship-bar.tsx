import { FileDown, Truck } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { MarkOrdersShippedResult } from "#server/orders/mark-orders-shipped.ts";
import {
  BULK_ORDER_IDS_FIELD,
  BULK_ORDER_INTENTS,
  BULK_ORDER_LIMIT,
  bulkShipOrdersSchema,
} from "#common/orders/order-action-schema.ts";
import { ADMIN_DOWNLOADS } from "#common/pages/site-paths.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { useRouteForm } from "#app/components/forms/use-route-form.ts";
import { MarkShippedButton } from "./mark-shipped-button.tsx";
import { ParcelFieldset, parcelFieldNames } from "./parcel-fields.tsx";

/**
 * "Mark shipped" for the ticked orders, behind one dialog that also takes a tracking number per
 * order (optional; more parcels are added in the order's details), and their packing slips as
 * one PDF. The server checks each order's own move and sets the toast (how many shipped, which
 * were skipped and why); the list reloads and the selection is cleared once it answers.
 */
export function BulkShipBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult<MarkOrdersShippedResult>>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";

  // A refusal keeps the dialog open with its messages; a success closes it and clears the ticks.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    setConfirming(false);
    onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  const count = selected.length;
  const tooMany = count > BULK_ORDER_LIMIT;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3" data-testid="bulk-ship-bar">
      <p className="text-sm text-gray-700" role="status">
        {count === 0
          ? "Tick orders to act on several at once."
          : `${count} ${count === 1 ? "order" : "orders"} selected`}
        {tooMany ? ` (at most ${BULK_ORDER_LIMIT} at a time)` : ""}
      </p>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={count === 0 || tooMany || busy}
        onClick={() => setConfirming(true)}
      >
        <Truck aria-hidden="true" className="size-5" />
        Mark shipped
      </button>
      {count > 0 && !tooMany ? (
        <a
          href={`${ADMIN_DOWNLOADS.packingSlips}?ids=${selected.map(encodeURIComponent).join(",")}`}
          download
          className={buttonStyles.secondary}
        >
          <FileDown aria-hidden="true" className="size-5" />
          Packing slips (PDF)
        </a>
      ) : null}
      {confirming ? (
        <BulkShipDialog
          orderIds={selected}
          fetcher={fetcher}
          onClose={() => {
            if (!busy) setConfirming(false);
          }}
        />
      ) : null}
    </div>
  );
}

function BulkShipDialog({
  orderIds,
  fetcher,
  onClose,
}: {
  orderIds: string[];
  fetcher: ReturnType<typeof useFetcher<ActionResult<MarkOrdersShippedResult>>>;
  onClose: () => void;
}) {
  const busy = fetcher.state !== "idle";
  const { fieldErrors, formProps } = useRouteForm({
    schema: bulkShipOrdersSchema,
    fieldOrder: orderIds.flatMap((_, index) => Object.values(parcelFieldNames(`parcels.${index}`))),
    failureTitle: "Could not mark the orders shipped",
    fetcher,
    post: (_form, data) => void fetcher.submit(data, { method: "post" }),
  });
  const count = orderIds.length;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Mark ${count} ${count === 1 ? "order" : "orders"} shipped?`}
      description="Each order is checked on its own: orders that are cancelled, unpaid card orders, and orders already shipped or delivered are skipped. Customers get the shipped e-mail, with the tracking number if you enter one."
      wide
    >
      <form {...formProps} className="grid gap-4">
        <input type="hidden" name="intent" value={BULK_ORDER_INTENTS.markShipped} />
        {orderIds.map((id, index) => (
          <ParcelFieldset key={id} legend={`Order ${id}`} prefix={`parcels.${index}`} fieldErrors={fieldErrors}>
            <input type="hidden" name={BULK_ORDER_IDS_FIELD} value={id} />
            <input type="hidden" name={`parcels.${index}.orderId`} value={id} />
          </ParcelFieldset>
        ))}
        {fieldErrors.parcels || fieldErrors[BULK_ORDER_IDS_FIELD] ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {fieldErrors.parcels ?? fieldErrors[BULK_ORDER_IDS_FIELD]}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <MarkShippedButton busy={busy} />
        </div>
      </form>
    </Dialog>
  );
}
