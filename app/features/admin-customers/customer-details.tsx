import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CustomerDetails } from "#server/customers/get-customer-details.ts";
import { formatDate } from "#common/dates.ts";
import { formatMoney } from "#common/money/money.ts";
import { PAYMENT_STATUS_LABELS } from "#common/orders/payment-status.ts";

const NEWSLETTER_TEXT = { confirmed: "Subscribed", pending: "Waiting for confirmation" } as const;
const LINK = "font-semibold text-brand-700 underline";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="col-span-2 rounded-lg bg-brand-50 p-3 sm:col-span-1">
      <dt className="font-medium text-gray-700">{label}</dt>
      <dd className="mt-0.5 break-words font-semibold text-ink">{children}</dd>
    </div>
  );
}

/**
 * The "Customer Details" dialog's body: the account, its profile, the newsletter and its latest
 * orders (each a link to Order Management).
 */
export function CustomerDetailsBody({ customer }: { customer: CustomerDetails }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Field label="Name">{customer.fullName ?? <span className="font-normal text-gray-700">N/A</span>}</Field>
        <Field label="Email">
          <span className="break-all" data-testid="customer-details-email">
            {customer.email}
          </span>
          <span className="block font-normal text-gray-700">
            {customer.emailVerified ? "Verified" : "Not verified yet"}
          </span>
        </Field>
        <Field label="Joined On">
          <time dateTime={customer.joinedOn}>{formatDate(customer.joinedOn)}</time>
        </Field>
        <Field label="Newsletter">
          {customer.newsletter ? NEWSLETTER_TEXT[customer.newsletter] : "Not subscribed"}
        </Field>
        {customer.username ? <Field label="Username">{customer.username}</Field> : null}
        {customer.website ? (
          <Field label="Website">
            <span className="break-all">{customer.website}</span>
          </Field>
        ) : null}
      </dl>

      <h3 className="mt-6 font-serif text-lg font-semibold text-brand-800">Orders</h3>
      {customer.orderCount === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No orders yet.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700">
            {customer.orderCount === 1 ? "1 order" : `${customer.orderCount} orders`}, as the customer&apos;s Order
            History lists them
            {customer.orderCount > customer.recentOrders.length ? "; the latest:" : ":"}
          </p>
          <ul className="mt-2 grid gap-2 text-sm" data-testid="customer-orders">
            {customer.recentOrders.map((order) => (
              <li
                key={order.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg border border-brand-100 px-3 py-2"
              >
                <Link to={`/admin/orders?${new URLSearchParams({ search: order.id })}`} className={`${LINK} break-all`}>
                  {order.id}
                </Link>
                <span className="text-gray-700">
                  <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time> · {order.status} ·{" "}
                  {PAYMENT_STATUS_LABELS[order.paymentStatus]} ·{" "}
                  <span className="font-semibold tabular-nums text-ink">
                    {formatMoney(order.totalCents, order.currency)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm">
            <Link to={`/admin/orders?${new URLSearchParams({ search: customer.email })}`} className={LINK}>
              Find the orders placed with {customer.email}
            </Link>
          </p>
        </>
      )}
    </>
  );
}
