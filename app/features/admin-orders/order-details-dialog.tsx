import type { OrderDetails } from "#server/orders/get-order-details.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { formatMoney, ORDER_CURRENCY } from "#server/money/money-schema.ts";
import { formatDate } from "#app/lib/dates.ts";
import { orderStatusClasses } from "./order-status-style.ts";

/** The order route's answer to `?details=<id>`. */
export type OrderDetailsResult = { ok: true; order: OrderDetails } | { ok: false; orderId: string; message: string };

/**
 * "Order Details": the full id, customer, total, status and every item with its line total.
 * `result` is the last loaded answer; until it is the one for `orderId`, a loading line shows.
 */
export function OrderDetailsDialog({
  orderId,
  result,
  onClose,
}: {
  orderId: string | null;
  result: OrderDetailsResult | null | undefined;
  onClose: () => void;
}) {
  const current = result && (result.ok ? result.order.id : result.orderId) === orderId ? result : null;
  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Order Details"
      wide
    >
      {current === null ? (
        <p role="status" className="text-gray-700">
          Loading order details…
        </p>
      ) : current.ok ? (
        <OrderDetailsBody order={current.order} />
      ) : (
        <p role="alert" className="font-medium text-red-700">
          {current.message}
        </p>
      )}
    </Dialog>
  );
}

function OrderDetailsBody({ order }: { order: OrderDetails }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="col-span-2 rounded-lg bg-brand-50 p-3 sm:col-span-1">
          <dt className="font-medium text-gray-700">Order ID</dt>
          <dd className="mt-0.5 break-all font-mono font-semibold text-ink" data-testid="order-details-id">
            {order.id}
          </dd>
        </div>
        <div className="col-span-2 rounded-lg bg-brand-50 p-3 sm:col-span-1">
          <dt className="font-medium text-gray-700">Customer</dt>
          <dd className="mt-0.5 break-all font-semibold text-ink">{order.customerEmail}</dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="font-medium text-gray-700">Date</dt>
          <dd className="mt-0.5 font-semibold text-ink">
            <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="font-medium text-gray-700">Total</dt>
          <dd className="mt-0.5 font-semibold text-ink">{formatMoney(order.totalCents, ORDER_CURRENCY)}</dd>
        </div>
        <div className="col-span-2 rounded-lg bg-brand-50 p-3">
          <dt className="font-medium text-gray-700">Status</dt>
          <dd className="mt-1">
            <span
              className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${orderStatusClasses(order.status)}`}
            >
              {order.status}
            </span>
          </dd>
        </div>
      </dl>

      <h3 className="mt-6 font-serif text-lg font-semibold text-brand-800">Items</h3>
      {order.items.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">This order has no items.</p>
      ) : (
        // The unit price is left out on phones so the table fits the dialog without scrolling;
        // the line total is the figure that matters.
        <div className="mt-2">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Items of order {order.id}</caption>
            <thead className="border-b border-brand-100 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Title
                </th>
                <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                  Quantity
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
                  Price
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-semibold">
                  Line total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {order.items.map((item) => (
                <tr key={item.id} data-testid="order-item">
                  <td className="break-words py-2 pr-3 text-ink">{item.title}</td>
                  <td className="px-2 py-2 text-right tabular-nums sm:px-3">{item.quantity}</td>
                  <td className="hidden whitespace-nowrap px-3 py-2 text-right tabular-nums sm:table-cell">
                    {formatMoney(item.unitPriceCents, ORDER_CURRENCY)}
                  </td>
                  <td className="whitespace-nowrap py-2 pl-3 text-right font-semibold tabular-nums">
                    {formatMoney(item.lineTotalCents, ORDER_CURRENCY)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
