import { taxExemptText } from "#common/tax/sales-tax.ts";
import { FileDown } from "lucide-react";
import type { OrderDetails } from "#server/orders/get-order-details.ts";
import { formatMoney } from "#common/money/money.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from "#common/orders/payment-status.ts";
import { formatDate, formatDateTime } from "#common/dates.ts";
import { ADMIN_DOWNLOADS, orderPath } from "#common/pages/site-paths.ts";
import { OrderActions } from "./order-actions.tsx";
import { OrderNotesPanel } from "./order-notes-panel.tsx";
import { TrackingNumbersPanel } from "./tracking-numbers-panel.tsx";
import { orderStatusClasses } from "./order-status-style.ts";
import { PaymentBadge } from "./payment-badge.tsx";

const DOCUMENT_LINK = "inline-flex items-center gap-1.5 font-semibold text-brand-700 underline";

/** The "Order Details" dialog's body: the full id, customer, total, status and every item with its line total. */
export function OrderDetailsBody({ order }: { order: OrderDetails }) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const contact = [order.customerName, order.customerEmail, order.phone].filter((line): line is string =>
    Boolean(line),
  );
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
          <dd className="mt-0.5 break-all font-semibold text-ink">
            {contact.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="font-medium text-gray-700">Date</dt>
          <dd className="mt-0.5 font-semibold text-ink">
            <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time>
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="font-medium text-gray-700">Total</dt>
          <dd className="mt-0.5 font-semibold text-ink">{money(order.totalCents)}</dd>
        </div>
        <div className="col-span-2 rounded-lg bg-brand-50 p-3 min-[400px]:col-span-1">
          <dt className="font-medium text-gray-700">Status</dt>
          <dd className="mt-1">
            <span
              className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${orderStatusClasses(order.status)}`}
            >
              {order.status}
            </span>
          </dd>
        </div>
        <div className="col-span-2 rounded-lg bg-brand-50 p-3 min-[400px]:col-span-1">
          <dt className="font-medium text-gray-700">Payment</dt>
          <dd className="mt-1">
            <PaymentBadge status={order.paymentStatus} />
          </dd>
        </div>
        {order.organisation || order.poNumber ? (
          <div className="col-span-2 rounded-lg bg-brand-50 p-3">
            <dt className="font-medium text-gray-700">Organisation and PO number</dt>
            <dd className="mt-0.5 break-words font-semibold text-ink">
              {[order.organisation, order.poNumber ? `PO ${order.poNumber}` : null].filter(Boolean).join(" · ")}
            </dd>
          </div>
        ) : null}
        {order.shippingAddress.length > 0 || order.shippingMethodName ? (
          <div className="col-span-2 rounded-lg bg-brand-50 p-3">
            <dt className="font-medium text-gray-700">Shipping</dt>
            <dd className="mt-0.5 break-words text-ink">
              <address className="not-italic">
                {order.shippingAddress.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              {order.shippingMethodName ? (
                <span className="mt-1 block text-gray-700">
                  {order.shippingMethodName}: {money(order.shippingCents)}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <a href={orderPath(ADMIN_DOWNLOADS.orderInvoice, order.id)} download className={DOCUMENT_LINK}>
          <FileDown aria-hidden="true" className="size-4" />
          Invoice (PDF)
        </a>
        <a
          href={`${ADMIN_DOWNLOADS.packingSlips}?ids=${encodeURIComponent(order.id)}`}
          download
          className={DOCUMENT_LINK}
        >
          <FileDown aria-hidden="true" className="size-4" />
          Packing slip (PDF)
        </a>
      </p>

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
                    {money(item.unitPriceCents)}
                  </td>
                  <td className="whitespace-nowrap py-2 pl-3 text-right font-semibold tabular-nums">
                    {money(item.lineTotalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-brand-100">
              <TotalRow label="Subtotal" value={money(order.subtotalCents)} />
              {order.discount ? (
                <TotalRow label={`Discount (${order.discount.code})`} value={`−${money(order.discount.cents)}`} />
              ) : null}
              <TotalRow label="Shipping" value={money(order.shippingCents)} />
              {order.tax.exemptCertificateNumber ? (
                <TotalRow label={taxExemptText(order.tax.exemptCertificateNumber)} value={money(0)} />
              ) : order.tax.lines.length > 0 ? (
                order.tax.lines.map((line) => (
                  <TotalRow
                    key={line.label}
                    label={`Sales tax (${line.label}, ${line.rate})`}
                    value={money(line.taxCents)}
                  />
                ))
              ) : (
                <TotalRow label="Sales tax" value={money(order.tax.taxCents)} />
              )}
              <TotalRow label="Total" value={money(order.totalCents)} strong />
            </tfoot>
          </table>
        </div>
      )}

      <h3 className="mt-6 font-serif text-lg font-semibold text-brand-800">Payment</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="order-payment">
        <dt className="text-gray-700">Method</dt>
        <dd className="text-ink">
          {order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : "Not recorded"}
        </dd>
        <dt className="text-gray-700">State</dt>
        <dd className="text-ink">{PAYMENT_STATUS_LABELS[order.paymentStatus]}</dd>
        {order.paypalOrderId ? (
          <>
            <dt className="text-gray-700">PayPal order</dt>
            <dd className="break-all font-mono text-ink">{order.paypalOrderId}</dd>
          </>
        ) : null}
        {order.paymentReference ? (
          <>
            <dt className="text-gray-700">{order.paymentMethod === "paypal" ? "PayPal capture" : "Reference"}</dt>
            <dd className="break-all font-mono text-ink">{order.paymentReference}</dd>
          </>
        ) : null}
        {order.paidAt ? (
          <>
            <dt className="text-gray-700">Paid on</dt>
            <dd className="text-ink">
              <time dateTime={order.paidAt}>{formatDate(order.paidAt)}</time>
            </dd>
          </>
        ) : null}
        <dt className="text-gray-700">Paid</dt>
        <dd className="tabular-nums text-ink">{money(order.amountPaidCents)}</dd>
        {order.amountRefundedCents > 0 ? (
          <>
            <dt className="text-gray-700">Refunded</dt>
            <dd className="tabular-nums text-ink">{money(order.amountRefundedCents)}</dd>
          </>
        ) : null}
      </dl>

      <OrderActions order={order} />
      <TrackingNumbersPanel order={order} />
      <OrderNotesPanel order={order} />

      <h3 className="mt-6 font-serif text-lg font-semibold text-brand-800">History</h3>
      {order.history.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No history yet.</p>
      ) : (
        <ol className="mt-2 grid gap-2 text-sm" data-testid="order-history">
          {order.history.map((step, index) => (
            <li key={`${step.occurredAt}-${index}`} className="rounded-lg border border-brand-100 px-3 py-2">
              <p className="flex flex-wrap items-center gap-x-2">
                <span className="font-semibold text-ink">{step.status}</span>
                {step.customerVisible ? null : (
                  <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-900">
                    Staff only
                  </span>
                )}
              </p>
              <p className="text-gray-700">
                <time dateTime={step.occurredAt}>{formatDateTime(step.occurredAt)}</time>
                {step.location ? ` · ${step.location}` : null}
              </p>
              {step.note ? <p className="text-gray-700">{step.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr>
      <th
        scope="row"
        colSpan={2}
        className={`py-1 pr-3 text-right ${strong ? "font-semibold" : "font-normal"} sm:hidden`}
      >
        {label}
      </th>
      <th
        scope="row"
        colSpan={3}
        className={`hidden py-1 pr-3 text-right sm:table-cell ${strong ? "font-semibold" : "font-normal"}`}
      >
        {label}
      </th>
      <td className={`whitespace-nowrap py-1 pl-3 text-right tabular-nums ${strong ? "font-semibold" : ""}`}>
        {value}
      </td>
    </tr>
  );
}
