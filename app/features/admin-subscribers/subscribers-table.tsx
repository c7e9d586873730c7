import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { SubscriberListItem } from "#server/subscribers/list-subscribers.ts";
import type { DeleteSubscriberResult } from "#server/subscribers/delete-subscriber.ts";
import type { DeleteSubscribersResult } from "#server/subscribers/delete-subscribers.ts";
import {
  BULK_SUBSCRIBER_LIMIT,
  SUBSCRIBER_ID_FIELD,
  SUBSCRIBER_IDS_FIELD,
} from "#common/subscribers/subscriber-schema.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { formatDateTime } from "#common/dates.ts";
import { DataTable, STICKY_END_CELL } from "#app/components/ui/data-table.tsx";
import { TickBox, useTickedRows } from "#app/components/ui/ticked-rows.tsx";

/** The `intent` of the bulk removal (the one-row removal posts none). */
export const REMOVE_SELECTED_INTENT = "remove-selected";

/** The toasts the route's one-row removal sets (shown by the root); the success names the address. */
export const REMOVE_SUBSCRIBER_TOASTS = {
  success: ({ email }: DeleteSubscriberResult) => ({
    title: "Subscriber removed",
    description: `${email} is no longer on the list.`,
  }),
  failureTitle: "Error removing subscriber",
};

/**
 * Subscribers as a table (e-mail, subscription date, Pending or Confirmed), newest first as the loader sends them,
 * each with a Remove button that asks first. Removal posts through a fetcher, so the page stays
 * put and the list reloads when it is done.
 */
export function SubscribersTable({ subscribers, busy }: { subscribers: SubscriberListItem[]; busy: boolean }) {
  const fetcher = useFetcher<ActionResult<DeleteSubscriberResult>>();
  const [pending, setPending] = useState<SubscriberListItem | null>(null);
  const removing = fetcher.state !== "idle";
  const ticks = useTickedRows(subscribers);
  const { selected, clear: clearTicks } = ticks;
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const bulk = useFetcher<ActionResult<DeleteSubscribersResult>>();
  const bulkBusy = bulk.state !== "idle";
  const tooMany = selected.length > BULK_SUBSCRIBER_LIMIT;

  useEffect(() => {
    // The server sets the toast of a bulk removal; here only the dialog closes and ticks clear.
    if (bulk.state !== "idle" || !bulk.data) return;
    setConfirmingBulk(false);
    if (bulk.data.ok) clearTicks();
  }, [bulk.state, bulk.data, clearTicks]);

  useEffect(() => {
    // The server sets the toast of a one-row removal too; here only the dialog closes.
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setPending(null);
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <p className="text-sm text-gray-700" role="status">
          {selected.length === 0
            ? "Tick subscribers to remove several at once."
            : `${selected.length} ${selected.length === 1 ? "subscriber" : "subscribers"} selected`}
          {tooMany ? ` (at most ${BULK_SUBSCRIBER_LIMIT} at a time)` : ""}
        </p>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={selected.length === 0 || tooMany || bulkBusy}
          onClick={() => setConfirmingBulk(true)}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          Remove selected
        </button>
      </div>
      <DataTable
        caption="Email subscribers, newest first"
        minWidthClass="min-w-[34rem]"
        rowCount={subscribers.length}
        emptyText="No subscribers yet."
        busy={busy}
        columns={[
          {
            label: "Email",
            header: (
              <span className="flex items-center gap-3">
                <TickBox label="Select all subscribers on this page" checked={ticks.allTicked} onTick={ticks.tickAll} />
                Email
              </span>
            ),
          },
          { label: "Subscribed On" },
          { label: "Status" },
          { label: "Actions", align: "right", labelHidden: true, stickyEnd: true },
        ]}
      >
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id} data-testid="subscriber-row">
            <td className="break-all px-4 py-3 font-medium sm:break-normal">
              <span className="flex items-center gap-3">
                <TickBox
                  label={`Select ${subscriber.email}`}
                  checked={ticks.isTicked(subscriber.id)}
                  onTick={(on) => ticks.tick(subscriber.id, on)}
                  className="shrink-0"
                />
                {subscriber.email}
              </span>
            </td>
            <td className="px-4 py-3 text-gray-700">
              <time dateTime={subscriber.subscribedAt}>{formatDateTime(subscriber.subscribedAt)}</time>
            </td>
            <td className="px-4 py-3">
              {subscriber.confirmedAt === null ? (
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-medium text-amber-900">
                  Pending
                </span>
              ) : (
                <span
                  className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-medium text-green-900"
                  title={`Confirmed ${formatDateTime(subscriber.confirmedAt)}`}
                >
                  Confirmed
                </span>
              )}
            </td>
            <td className={`${STICKY_END_CELL} px-2 py-2 text-right`}>
              <button
                type="button"
                aria-label={`Remove ${subscriber.email}`}
                onClick={() => setPending(subscriber)}
                className="inline-flex items-center rounded-md p-2 text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title="Remove subscriber?"
        description={pending ? `${pending.email} will no longer receive the newsletter. This cannot be undone.` : ""}
        confirmLabel={removing ? "Removing..." : "Remove"}
        busy={removing}
        onConfirm={() => {
          if (!pending) return;
          void fetcher.submit({ [SUBSCRIBER_ID_FIELD]: pending.id }, { method: "post" });
        }}
      />
      <ConfirmDialog
        open={confirmingBulk}
        onClose={() => setConfirmingBulk(false)}
        title={`Remove ${selected.length} ${selected.length === 1 ? "subscriber" : "subscribers"}?`}
        description="They will no longer receive the newsletter. This cannot be undone."
        confirmLabel={bulkBusy ? "Removing..." : "Remove"}
        busy={bulkBusy}
        onConfirm={() => {
          const form = new FormData();
          form.set("intent", REMOVE_SELECTED_INTENT);
          for (const id of selected) form.append(SUBSCRIBER_IDS_FIELD, id);
          void bulk.submit(form, { method: "post" });
        }}
      />
    </>
  );
}
