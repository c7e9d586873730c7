import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { deleteCustomer } from "#server/customers/delete-customer.ts";
import type { ActionResult } from "#server/http/action-result.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";

/** The Customer Management action's intents, posted as `intent`. */
export const CUSTOMER_INTENTS = { delete: "delete" } as const;

/** The toasts the customer route's delete sets (shown by the root). */
export const DELETE_CUSTOMER_TOASTS = {
  success: { title: "Customer deleted", description: "The customer account has been removed." },
  failureTitle: "Error deleting customer",
};

/** Who is about to be deleted: enough to post the id and to name them. */
export interface CustomerToDelete {
  id: string;
  email: string;
}

/**
 * "Are you sure?" before deleting a customer, then the deletion itself (a fetcher post to the
 * customer route, which lists the customers again afterwards; its answer sets the toast). The
 * dialog stays open, its Delete button disabled, until the server has answered.
 */
export function DeleteCustomerDialog({
  customer,
  onClose,
}: {
  customer: CustomerToDelete | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ActionResult<Awaited<ReturnType<typeof deleteCustomer>>>>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  // Idle with an answer: the list was loaded again, so the row is already gone. Keyed on the
  // answer, so a parent re-render with a new `onClose` does not close a later dialog.
  useEffect(() => {
    if (answer) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  return (
    <ConfirmDialog
      open={customer !== null}
      onClose={() => onClose()}
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete the customer account."
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => {
        if (!customer || busy) return;
        void fetcher.submit({ intent: CUSTOMER_INTENTS.delete, customerId: customer.id }, { method: "post" });
      }}
    />
  );
}
