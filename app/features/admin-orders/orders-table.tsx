import { Eye } from "lucide-react";
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
import { TickBox, useTickedRows } from "#app/components/ui/ticked-rows.tsx";

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
  const ticks = useTickedRows(orders);

  return (
    <>
      <IconSymbols icons={{ [DETAILS_ICON]: Eye }} />
      {orders.length > 0 ? <BulkShipBar selected={ticks.selected} onDone={ticks.clear} /> : null}
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
                <TickBox label="Select all orders on this page" checked={ticks.allTicked} onTick={ticks.tickAll} />
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
                <TickBox
                  label={`Select order ${order.id}`}
                  checked={ticks.isTicked(order.id)}
                  onTick={(on) => ticks.tick(order.id, on)}
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
