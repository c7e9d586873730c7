import { FileDown, Truck } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { MarkOrdersShippedResult } from "#server/orders/mark-orders-shipped.ts";
import { BULK_ORDER_IDS_FIELD, BULK_ORDER_INTENTS, BULK_ORDER_LIMIT } from "#common/orders/order-action-schema.ts";
import { ADMIN_DOWNLOADS } from "#common/pages/site-paths.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";

/**
 * "Mark shipped" for the ticked orders, behind one confirmation, and their packing slips as one PDF. The server checks each order's
 * own move and sets the toast (how many shipped, which were skipped and why); the list reloads
 * and the selection is cleared once it answers.
 */
export function BulkShipBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult<MarkOrdersShippedResult>>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setConfirming(false);
    if (fetcher.data.ok) onDone();
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
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !busy) setConfirming(false);
        }}
        title={`Mark ${count} ${count === 1 ? "order" : "orders"} shipped?`}
        description="Each order is checked on its own: orders that are cancelled, unpaid card orders, and orders already shipped or delivered are skipped. Customers get the shipped e-mail."
        confirmLabel={busy ? "Marking..." : "Mark shipped"}
        busy={busy}
        onConfirm={() => {
          const form = new FormData();
          form.set("intent", BULK_ORDER_INTENTS.markShipped);
          for (const id of selected) form.append(BULK_ORDER_IDS_FIELD, id);
          void fetcher.submit(form, { method: "post" });
        }}
      />
    </div>
  );
}
