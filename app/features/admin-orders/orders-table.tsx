import { Eye } from "lucide-react";
import { useCallback, useState } from "react";
import type { OrderListItem } from "#server/orders/list-orders.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { formatMoney } from "#common/money/money.ts";
import { formatDate } from "#common/dates.ts";
import { PAYMENT_METHOD_SHORT_LABELS } from "#common/orders/payment-status.ts";
import { BulkShipBar } from "./bulk-ship-bar.tsx";
import { ShortOrderId } from "./order-id.tsx";
import { OrderStatusSelect } from "./order-status-select.tsx";
import { PaymentBadge } from "./payment-badge.tsx";
import { DataTable, STICKY_START_CELL } from "#app/components/ui/data-table.tsx";
import { IconSymbols, SpriteIcon } from "#app/components/ui/icon-sprite.tsx";

const CHECKBOX = "size-5 accent-brand-700";
const DETAILS_ICON = "orders-table-details";

/**
 * One page of orders, with a checkbox per row for the bulk "Mark shipped". On phones the table
 * scrolls sideways inside its own box, never the page; the key columns come first (what the
 * order is, its status, its actions), and the order column stays in view while it scrolls.
 */
export function OrdersTable({
  orders,
  onViewDetails,
}: {
  orders: OrderListItem[];
  onViewDetails: (orderId: string, opener: HTMLElement) => void;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  // Only the rows on this page count: after paging or a search, earlier ticks are not acted on unseen.
  const selected = orders.filter((order) => ticked.has(order.id)).map((order) => order.id);
  const allTicked = orders.length > 0 && selected.length === orders.length;
  const clear = useCallback(() => setTicked(new Set()), []);
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <IconSymbols icons={{ [DETAILS_ICON]: Eye }} />
      {orders.length > 0 ? <BulkShipBar selected={selected} onDone={clear} /> : null}
      <DataTable
        caption="Customer orders"
        minWidthClass="min-w-[60rem]"
        rowCount={orders.length}
        emptyText="No orders found"
        columns={[
          {
            label: "Order ID",
            sticky: true,
            header: (
              <span className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  aria-label="Select all orders on this page"
                  checked={allTicked}
                  onChange={(event) => setTicked(event.target.checked ? new Set(orders.map((o) => o.id)) : new Set())}
                />
                Order ID
              </span>
            ),
          },
          { label: "Status" },
          { label: "Actions" },
          { label: "Total", align: "right" },
          { label: "Payment" },
          { label: "Date" },
          { label: "Customer" },
        ]}
      >
        {orders.map((order) => (
          <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
            <th scope="row" className={`${STICKY_START_CELL} whitespace-nowrap px-3 py-3 font-medium text-ink sm:px-4`}>
              <span className="flex items-center gap-3">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  aria-label={`Select order ${order.id}`}
                  checked={ticked.has(order.id)}
                  onChange={(event) => toggle(order.id, event.target.checked)}
                />
                <ShortOrderId id={order.id} />
              </span>
            </th>
            <td className="px-2 py-3 sm:px-4">
              <OrderStatusSelect order={order} />
            </td>
            <td className="px-1 py-3 sm:px-4">
              <button
                type="button"
                onClick={(event) => onViewDetails(order.id, event.currentTarget)}
                className={`${buttonStyles.subtle} whitespace-nowrap`}
              >
                <SpriteIcon id={DETAILS_ICON} className="size-4" />
                {/* On phones the eye alone, so the button fits beside the status without scrolling. */}
                <span className="sr-only sm:not-sr-only">View details</span>
                <span className="sr-only"> of order {order.id}</span>
              </button>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
              {formatMoney(order.totalCents, order.currency)}
              {order.taxCents > 0 ? (
                <span className="block text-xs font-normal text-gray-700">
                  incl. {formatMoney(order.taxCents, order.currency)} tax
                </span>
              ) : null}
            </td>
            <td className="px-4 py-3">
              <PaymentBadge status={order.paymentStatus} />
              {order.paymentMethod ? (
                <span className="mt-1 block text-xs text-gray-700" data-testid="payment-method">
                  {PAYMENT_METHOD_SHORT_LABELS[order.paymentMethod]}
                </span>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-gray-700">
              <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-ink">{order.customerEmail}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
