import { Eye } from "lucide-react";
import type { OrderListItem } from "#server/orders/list-orders.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { formatMoney } from "#server/money/money-schema.ts";
import { formatDate } from "#app/lib/dates.ts";
import { ShortOrderId } from "./order-id.tsx";
import { OrderStatusSelect } from "./order-status-select.tsx";
import { PaymentBadge } from "./payment-badge.tsx";
import { DataTable } from "#app/components/ui/data-table.tsx";

/**
 * One page of orders. On phones the table scrolls sideways inside its own box, never the page.
 */
export function OrdersTable({
  orders,
  onViewDetails,
}: {
  orders: OrderListItem[];
  onViewDetails: (orderId: string, opener: HTMLElement) => void;
}) {
  return (
    <DataTable
      caption="Customer orders"
      minWidthClass="min-w-[56rem]"
      rowCount={orders.length}
      emptyText="No orders found"
      columns={[
        { label: "Order ID" },
        { label: "Date" },
        { label: "Customer" },
        { label: "Total", align: "right" },
        { label: "Status" },
        { label: "Payment" },
        { label: "Actions", align: "right" },
      ]}
    >
      {orders.map((order) => (
        <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
          <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium text-ink">
            <ShortOrderId id={order.id} />
          </th>
          <td className="whitespace-nowrap px-4 py-3 text-gray-700">
            <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-ink">{order.customerEmail}</td>
          <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-ink">
            {formatMoney(order.totalCents, order.currency)}
          </td>
          <td className="px-4 py-3">
            <OrderStatusSelect orderId={order.id} status={order.status} />
          </td>
          <td className="px-4 py-3">
            <PaymentBadge status={order.paymentStatus} />
          </td>
          <td className="px-4 py-3 text-right">
            <button
              type="button"
              onClick={(event) => onViewDetails(order.id, event.currentTarget)}
              className={`${buttonStyles.subtle} whitespace-nowrap`}
            >
              <Eye aria-hidden="true" className="size-4" />
              View details<span className="sr-only"> of order {order.id}</span>
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
