import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { deleteCustomer } from "#server/customers/delete-customer.ts";
import type { ActionFailure } from "#server/http/action-result.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";

/** The customer route's answer to `intent=delete`. */
export type DeleteCustomerResponse = ({ ok: true } & Awaited<ReturnType<typeof deleteCustomer>>) | ActionFailure;

/** Who is about to be deleted: enough to post the id and to name them. */
export interface CustomerToDelete {
  id: string;
  email: string;
}

/**
 * "Are you sure?" before deleting a customer, then the deletion itself (a fetcher post to the
 * customer route, which lists the customers again afterwards) and its toast. The dialog stays
 * open, its Delete button disabled, until the server has answered.
 */
export function DeleteCustomerDialog({ customer, onClose }: { customer: CustomerToDelete | null; onClose: () => void }) {
  const fetcher = useFetcher<DeleteCustomerResponse>();
  const showToast = useToast();
  const busy = fetcher.state !== "idle";
  // Each answer is announced once, however often the parent re-renders with a new `onClose`.
  const announced = useRef<unknown>(null);

  useEffect(() => {
    const result = fetcher.data;
    // Idle: the answer came and the list was loaded again, so the row is already gone.
    if (!result || fetcher.state !== "idle" || announced.current === result) return;
    announced.current = result;
    if (result.ok) {
      showToast({ title: "Customer deleted", description: "The customer account has been removed." });
    } else {
      showToast({ title: "Error deleting customer", description: result.error.message, variant: "destructive" });
    }
    onClose();
  }, [fetcher.data, fetcher.state, showToast, onClose]);

  return (
    <ConfirmDialog
      open={customer !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete the customer account."
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => {
        if (!customer || busy) return;
        void fetcher.submit({ intent: "delete", customerId: customer.id }, { method: "post" });
      }}
    />
  );
}
