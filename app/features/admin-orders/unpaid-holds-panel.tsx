import { LockOpen } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import { RELEASE_HOLDS_INTENT } from "#common/orders/order-action-schema.ts";
import type { ReleaseResult, UnpaidHoldGroup } from "#server/orders/unpaid-holds-by-client.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { DataTable, HIDDEN_ON_PHONE_CELL, STICKY_END_CELL, STICKY_START_CELL } from "#app/components/ui/data-table.tsx";
import { formatDateTime } from "#common/dates.ts";

/**
 * The clients whose unpaid orders hold stock now, the largest first, each with one "Release"
 * (decision 23): staff free the shelves an unpaid buyer (or an attacker) holds without opening
 * every order. Shown only while some client holds stock.
 */
export function UnpaidHoldsPanel({ holds }: { holds: UnpaidHoldGroup[] }) {
  const fetcher = useFetcher<ActionResult<ReleaseResult>>();
  const [confirming, setConfirming] = useState<UnpaidHoldGroup | null>(null);
  const busy = fetcher.state !== "idle";
  if (holds.length === 0) return null;
  return (
    <section aria-labelledby="unpaid-holds-heading" className="mt-8" data-testid="unpaid-holds">
      <h2 id="unpaid-holds-heading" className="font-serif text-xl font-bold text-brand-800">
        Unpaid holds
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Stock held by orders still waiting for payment, by the client that placed them. Releasing cancels those orders
        and puts their items back on the shelf.
      </p>
      <DataTable
        caption="Unpaid orders holding stock, by client"
        columns={[
          { label: "Client", sticky: true },
          { label: "Items held", align: "right" },
          { label: "Orders", align: "right" },
          { label: "Oldest", hiddenOnPhone: true },
          { label: "Actions", labelHidden: true, stickyEnd: true },
        ]}
        rowCount={holds.length}
        emptyText="No unpaid orders hold stock."
        minWidthClass="min-w-[19rem]"
      >
        {holds.map((group) => (
          <tr key={group.clientKey} data-testid="unpaid-hold-row">
            <th
              scope="row"
              className={`${STICKY_START_CELL} whitespace-nowrap px-3 py-3 font-mono text-sm text-ink sm:px-4`}
            >
              {group.clientKey}
            </th>
            <td className="px-2 py-3 text-right tabular-nums sm:px-4">{group.units}</td>
            <td className="px-2 py-3 text-right tabular-nums sm:px-4">{group.orders}</td>
            <td className={`${HIDDEN_ON_PHONE_CELL} whitespace-nowrap px-4 py-3 text-gray-700`}>
              <time dateTime={group.oldestAt}>{formatDateTime(group.oldestAt)}</time>
            </td>
            <td className={`${STICKY_END_CELL} px-2 py-3 sm:px-4`}>
              <button
                type="button"
                className={`${buttonStyles.secondary} whitespace-nowrap py-1.5`}
                disabled={busy}
                onClick={() => setConfirming(group)}
              >
                <LockOpen aria-hidden="true" className="size-4" />
                Release<span className="sr-only"> the holds of {group.clientKey}</span>
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? `Release ${confirming.units} items held by ${confirming.clientKey}?` : "Release?"}
        description={
          confirming
            ? `Its ${confirming.orders} unpaid ${confirming.orders === 1 ? "order is" : "orders are"} cancelled (card payment pages are closed first) and the items go back on the shelf. Each buyer gets the cancelled e-mail. This cannot be undone.`
            : ""
        }
        confirmLabel={busy ? "Releasing..." : "Release"}
        busy={busy}
        onConfirm={() => {
          if (!confirming) return;
          const form = new FormData();
          form.set("intent", RELEASE_HOLDS_INTENT);
          form.set("clientKey", confirming.clientKey);
          void fetcher.submit(form, { method: "post" });
          setConfirming(null);
        }}
      />
    </section>
  );
}
