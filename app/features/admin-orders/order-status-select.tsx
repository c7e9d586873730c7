import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ActionFailure } from "#server/http/action-result.ts";
import { ORDER_STATUSES } from "#server/orders/order-status-schema.ts";
import type { OrderStatusUpdate } from "#server/orders/update-order-status.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import { orderStatusClasses } from "./order-status-style.ts";

/** The order route's answer to `intent=status`. */
export type OrderStatusResponse = ({ ok: true } & OrderStatusUpdate) | ActionFailure;

/**
 * An order's status as a dropdown that saves on change (a fetcher post to the order route).
 * The chosen status shows at once; when the server refuses it, the reloaded list brings the
 * saved status back and a toast says why.
 */
export function OrderStatusSelect({ orderId, status }: { orderId: string; status: string }) {
  const fetcher = useFetcher<OrderStatusResponse>();
  const showToast = useToast();
  // Each answer is announced once, not again on later renders.
  const announced = useRef<unknown>(null);

  useEffect(() => {
    const result = fetcher.data;
    // Idle: the answer came and the list was loaded again, so the row shows the saved status.
    if (!result || fetcher.state !== "idle" || announced.current === result) return;
    announced.current = result;
    if (result.ok) {
      showToast({ title: "Status Updated!", description: `Order status changed to ${result.status}` });
    } else {
      showToast({ title: "Error updating status", description: result.error.message, variant: "destructive" });
    }
  }, [fetcher.data, fetcher.state, showToast]);

  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : status;
  const known = (ORDER_STATUSES as readonly string[]).includes(status);

  return (
    <select
      aria-label={`Status of order ${orderId}`}
      aria-busy={fetcher.state !== "idle"}
      value={value}
      onChange={(event) => {
        void fetcher.submit({ intent: "status", orderId, status: event.target.value }, { method: "post" });
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
  );
}
