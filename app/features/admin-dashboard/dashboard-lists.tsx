import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SalesOverview } from "#server/dashboard/sales-overview.ts";
import { formatMoney } from "#common/money/money.ts";
import { formatDate } from "#common/dates.ts";

/** One of the dashboard's panels, labelled by its heading; `total`, beside it: the rows of its list in all. */
function Panel({ id, heading, total, children }: { id: string; heading: string; total?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
      <h2 id={id} className="font-serif text-xl font-bold text-brand-800">
        {total === undefined ? (
          heading
        ) : (
          <>
            {`${heading} `}
            <span className="text-base font-normal text-gray-700">({total})</span>
          </>
        )}
      </h2>
      {children}
    </section>
  );
}

/** The five books sold most in the last 30 days, by copies. */
export function TopTitles({ titles }: { titles: SalesOverview["topTitles"] }) {
  return (
    <Panel id="top-titles" heading="Top titles, last 30 days">
      {titles.length === 0 ? (
        <p className="mt-3 text-gray-700">No books sold in the last 30 days.</p>
      ) : (
        <ol className="mt-3 divide-y divide-brand-100" data-testid="top-titles">
          {titles.map((title, index) => (
            <li key={title.title} className="flex justify-between gap-4 py-2">
              <span>
                <span className="mr-2 text-gray-700">{index + 1}.</span>
                {title.title}
              </span>
              <span className="whitespace-nowrap tabular-nums text-gray-700">
                {title.copies} {title.copies === 1 ? "copy" : "copies"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** Paid orders and invoice orders not yet shipped, the longest wait first, each linked. */
export function WaitingToShip({ waiting }: { waiting: SalesOverview["waitingToShip"] }) {
  return (
    <Panel id="waiting-to-ship" heading="Waiting to ship" total={waiting.total}>
      {waiting.orders.length === 0 ? (
        <p className="mt-3 text-gray-700">Nothing waiting to ship.</p>
      ) : (
        <ul className="mt-3 divide-y divide-brand-100" data-testid="waiting-to-ship">
          {waiting.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <Link
                to={`/admin/orders?${new URLSearchParams({ search: order.id })}`}
                className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-600"
              >
                {order.id}
              </Link>
              <span className="text-sm text-gray-700">
                <time dateTime={order.orderDate}>{formatDate(order.orderDate)}</time> · {order.status} ·{" "}
                {order.paymentStatus === "awaiting_payment"
                  ? "Invoice"
                  : order.paymentMethod === "paypal"
                    ? "Paid with PayPal"
                    : order.paymentMethod === "card"
                      ? "Paid by card"
                      : "Paid"}{" "}
                · <span className="tabular-nums">{formatMoney(order.totalCents, order.currency)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <SeeAll shown={waiting.orders.length} total={waiting.total} to="/admin/orders">
        See all orders
      </SeeAll>
    </Panel>
  );
}

/** Books at or below the store's low-stock threshold, fewest copies first. */
export function LowStock({ lowStock }: { lowStock: SalesOverview["lowStock"] }) {
  return (
    <Panel id="low-stock" heading="Low stock" total={lowStock.total}>
      <p className="mt-1 text-sm text-gray-700">
        Books with {lowStock.threshold} or fewer copies. Change the threshold in{" "}
        <Link to="/admin/settings" className="text-brand-800 underline underline-offset-2">
          Store Settings
        </Link>
        .
      </p>
      {lowStock.books.length === 0 ? (
        <p className="mt-3 text-gray-700">Every tracked book is above the threshold.</p>
      ) : (
        <ul className="mt-3 divide-y divide-brand-100" data-testid="low-stock">
          {lowStock.books.map((book) => (
            <li key={book.id} className="flex justify-between gap-4 py-2">
              <span>{book.title}</span>
              <span
                className={`whitespace-nowrap tabular-nums ${book.stock === 0 ? "font-semibold text-red-800" : "text-gray-700"}`}
              >
                {book.stock === 0 ? "Sold out" : `${book.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <SeeAll shown={lowStock.books.length} total={lowStock.total} to="/admin/books">
        See all books
      </SeeAll>
    </Panel>
  );
}

/** A link to the whole list, under a panel that shows only the first `shown` of its `total` rows. */
function SeeAll({ shown, total, to, children }: { shown: number; total: number; to: string; children: ReactNode }) {
  if (total <= shown) return null;
  return (
    <p className="mt-3 text-sm">
      <Link to={to} className="text-brand-800 underline underline-offset-2">
        {children}
      </Link>
    </p>
  );
}

/** Sales tax collected in the last 30 days, per state (or country): what is owed to each. */
export function TaxCollected({ tax, currency }: { tax: SalesOverview["taxByJurisdiction"]; currency: string }) {
  return (
    <Panel id="tax-collected" heading="Sales tax collected, last 30 days">
      {tax.length === 0 ? (
        <p className="mt-3 text-gray-700">No sales tax collected in the last 30 days.</p>
      ) : (
        <ul className="mt-3 divide-y divide-brand-100" data-testid="tax-collected">
          {tax.map((row) => (
            <li key={row.label} className="flex justify-between gap-4 py-2">
              <span>{row.label}</span>
              <span className="whitespace-nowrap tabular-nums">{formatMoney(row.taxCents, currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
