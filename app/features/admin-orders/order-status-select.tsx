import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { ORDER_INTENTS, ORDER_STATUSES } from "#common/orders/order-status-schema.ts";
import type { OrderStatusUpdate } from "#server/orders/update-order-status.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useReturnFocus } from "#app/components/ui/use-return-focus.ts";
import { cancelConfirmation, type CancellableOrder } from "./cancel-confirmation.ts";
import { orderStatusClasses } from "./order-status-style.ts";
import { ShipOrderDialog } from "./ship-order-dialog.tsx";

/**
 * An order's status as a dropdown that saves on change (a fetcher post to the order route);
 * choosing Shipped first asks for the parcels' tracking numbers (ShipOrderDialog), then posts.
 * The chosen status shows at once; when the server refuses it, the reloaded list brings the
 * saved status back. The action sets the toast either way (server-set toasts, root shows it).
 * "Cancelled" cannot be taken back (stock released, payment voided or refunded, the customer
 * e-mailed), so it asks first; until confirmed the dropdown keeps the order's status.
 */
export function OrderStatusSelect({ order }: { order: CancellableOrder & { status: string } }) {
  const fetcher = useFetcher<ActionResult<OrderStatusUpdate>>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const opener = useReturnFocus(confirmingCancel);
  const { id: orderId, status } = order;
  const shipFetcher = useFetcher<ActionResult>();
  const [shipping, setShipping] = useState(false);
  const closeShipping = useCallback(() => setShipping(false), []);

  const pending = fetcher.formData?.get("status") ?? shipFetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : status;
  const known = (ORDER_STATUSES as readonly string[]).includes(status);
  const save = (next: string) =>
    void fetcher.submit({ intent: ORDER_INTENTS.updateStatus, orderId, status: next }, { method: "post" });
  const question = confirmingCancel ? cancelConfirmation(order) : null;

  return (
    <>
      <select
        aria-label={`Status of order ${orderId}`}
        aria-busy={fetcher.state !== "idle" || shipFetcher.state !== "idle"}
        value={value}
        onChange={(event) => {
          if (event.target.value === "Shipped") {
            setShipping(true);
            return;
          }
          if (event.target.value === "Cancelled") {
            opener.current = event.currentTarget;
            setConfirmingCancel(true);
            return;
          }
          save(event.target.value);
        }}
        className={`rounded-full border border-black/10 px-3 py-1.5 text-sm font-semibold ${orderStatusClasses(value)}`}
      >
        {/* A status from elsewhere (not one an admin can choose) is shown, not silently replaced. */}
        {known ? null : (
          <option value={status} disabled>
            {status}
          </option>
        )}
        {ORDER_STATUSES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingCancel(false);
        }}
        title={question?.title ?? ""}
        description={question?.description ?? ""}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        onConfirm={() => {
          save("Cancelled");
          setConfirmingCancel(false);
        }}
      />
      {shipping ? <ShipOrderDialog orderId={orderId} fetcher={shipFetcher} onClose={closeShipping} /> : null}
    </>
  );
}
