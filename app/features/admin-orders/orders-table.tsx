import { Eye } from "lucide-react";
import type { OrderListItem } from "#server/orders/list-orders.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { formatDollars } from "#app/lib/money.ts";
import { formatOrderDate } from "./order-dates.ts";
import { ShortOrderId } from "./order-id.tsx";
import { OrderStatusSelect } from "./order-status-select.tsx";

/**
 * One page of orders. On phones the table scrolls sideways inside its own box, never the page.
 */
export function OrdersTable({ orders, onViewDetails }: { orders: OrderListItem[]; onViewDetails: (orderId: string, opener: HTMLElement) => void }) {
  const headClass = "px-4 py-3 font-semibold";
  if (orders.length === 0) {
    // No table at all: on a phone its header row alone would scroll, and a scrolling box with
    // nothing focusable inside cannot be scrolled from the keyboard.
    return (
      <p className="mt-6 rounded-xl bg-white px-4 py-10 text-center text-gray-700 shadow-sm ring-1 ring-brand-100">
        No orders found
      </p>
    );
  }
  return (
    // `relative`: the screen-reader-only ids inside are positioned against this box; without it
    // they sit at their place in the wide table and widen the whole page on a phone.
    <div className="relative mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Customer orders</caption>
        <thead className="bg-brand-100/60 text-brand-800">
          <tr>
            <th scope="col" className={headClass}>
              Order ID
            </th>
            <th scope="col" className={headClass}>
              Date
            </th>
            <th scope="col" className={headClass}>
              Customer
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Total
            </th>
            <th scope="col" className={headClass}>
              Status
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-brand-100">
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
              <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium text-ink">
                <ShortOrderId id={order.id} />
              </th>
              <td className="whitespace-nowrap px-4 py-3 text-gray-700">
                <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate)}</time>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-ink">{order.customerEmail}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
                {formatDollars(order.totalCents)}
              </td>
              <td className="px-4 py-3">
                <OrderStatusSelect orderId={order.id} status={order.status} />
              </td>
              <td className="px-4 py-3 text-right">
                <button type="button" onClick={(event) => onViewDetails(order.id, event.currentTarget)} className={`${buttonStyles.subtle} whitespace-nowrap`}>
                  <Eye aria-hidden="true" className="size-4" />
                  View details<span className="sr-only"> of order {order.id}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
