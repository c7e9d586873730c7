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
export function OrdersTable({ orders, onViewDetails }: { orders: OrderListItem[]; onViewDetails: (orderId: string) => void }) {
  const headClass = "px-4 py-3 font-semibold";
  return (
    <div className="mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      {/* Only rows need the width: an empty table must not scroll (a scroll box needs something focusable). */}
      <table className={`w-full text-left text-sm ${orders.length > 0 ? "min-w-[48rem]" : ""}`}>
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
          {orders.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-4 py-10 text-center text-gray-700">
                No orders found
              </td>
            </tr>
          ) : (
            orders.map((order) => (
              <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
                <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium text-ink">
                  <ShortOrderId id={order.id} />
                </th>
                <td className="whitespace-nowrap px-4 py-3 text-gray-700">
                  <time dateTime={order.orderDate}>{formatOrderDate(order.orderDate)}</time>
                </td>
                <td className="break-all px-4 py-3 text-ink">{order.customerEmail}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
                  {formatDollars(order.totalCents)}
                </td>
                <td className="px-4 py-3">
                  <OrderStatusSelect orderId={order.id} status={order.status} />
                </td>
                <td className="px-4 py-3 text-right">
                  <button type="button" onClick={() => onViewDetails(order.id)} className={`${buttonStyles.subtle} whitespace-nowrap`}>
                    <Eye aria-hidden="true" className="size-4" />
                    View details<span className="sr-only"> of order {order.id}</span>
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
