import { Package } from "lucide-react";
import { requireViewer } from "#server/http/guards.ts";
import { listMyOrders } from "#server/accounts/list-my-orders.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { formatMoney } from "#common/money/money.ts";
import { paymentSummary } from "#common/orders/payment-status.ts";
import { formatLongDate } from "#common/dates.ts";
import { orderPath, returnRequestPath, SITE_RESOURCES } from "#common/pages/site-paths.ts";
import { ISLAND_PAGE_HANDLE } from "#common/pages/island-page-handle.ts";
import { islandPageClientLoader } from "#app/lib/island.tsx";
import { TrackingNumberList } from "#app/components/ui/tracking-number-list.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { OrderAgainIsland } from "#app/features/cart/order-again-button.tsx";
import type { Route } from "./+types/order-history";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Order History", description: "Your orders.", noindex: true });
}

/** An island page (decision 21): plain HTML and links; only the site's islands are hydrated. */
export const handle = ISLAND_PAGE_HANDLE;
export const clientLoader = islandPageClientLoader;

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  return { orders: await listMyOrders(context.services, { viewer }), emailVerified: viewer.emailVerified };
}

/** Shipped blue, Processing yellow, Cancelled red, anything else green (the account page's own colours). */
function statusBadge(status: string): string {
  if (status === "Cancelled") return "bg-red-100 text-red-900";
  if (status === "Shipped") return "bg-blue-100 text-blue-900";
  if (status === "Processing") return "bg-yellow-100 text-yellow-900";
  return "bg-green-100 text-green-900";
}

export default function OrderHistory({ loaderData: { orders, emailVerified } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="font-serif text-4xl font-bold text-brand-800">Order History</h1>
      {emailVerified ? null : (
        <p className="mt-4 text-gray-700">
          Orders placed with your e-mail address appear here once you confirm it from{" "}
          <a href="/account" className="font-semibold text-brand-700 underline">
            My Account
          </a>
          .
        </p>
      )}
      {orders.length === 0 ? (
        <div className="mt-10 rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-brand-100">
          <Package aria-hidden="true" className="mx-auto size-12 text-brand-600" />
          <h2 className="mt-4 font-serif text-2xl font-bold">No Orders Yet</h2>
          <p className="mt-2 text-gray-700">When you place an order, it will appear here.</p>
          <a href="/" className={`${buttonStyles.primary} mt-6`}>
            Start Shopping
          </a>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4">
          {orders.map((order) => (
            <li
              key={order.id}
              className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
              data-testid="order-card"
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="font-semibold">
                  Order <span className="font-mono">{order.id}</span>
                </h2>
                <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusBadge(order.status)}`}>
                  {order.status}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap items-end justify-between gap-x-8 gap-y-3">
                <dl className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-gray-700">Date</dt>
                    <dd className="font-medium">{formatLongDate(order.orderDate)}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-700">Total</dt>
                    <dd className="font-medium">{formatMoney(order.totalCents, order.currency)}</dd>
                  </div>
                  {order.discount ? (
                    <div>
                      <dt className="text-gray-700">Discount ({order.discount.code})</dt>
                      <dd className="font-medium" data-testid="order-discount">
                        −{formatMoney(order.discount.cents, order.currency)}
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt className="text-gray-700">Sales tax</dt>
                    <dd className="font-medium" data-testid="order-tax">
                      {formatMoney(order.taxCents, order.currency)}
                    </dd>
                  </div>
                  {/* How it was paid, and the state when it is not simply paid (waiting, refunded…). */}
                  {order.paymentStatus === "paid" && !order.paymentMethod ? null : (
                    <div>
                      <dt className="text-gray-700">Payment</dt>
                      <dd className="font-medium" data-testid="order-payment-status">
                        {paymentSummary(order.paymentMethod, order.paymentStatus)}
                      </dd>
                    </div>
                  )}
                  {order.trackingNumbers.length > 0 ? (
                    <div className="col-span-2 sm:col-span-3">
                      <dt className="text-gray-700">Tracking</dt>
                      <dd>
                        <TrackingNumberList numbers={order.trackingNumbers} />
                      </dd>
                    </div>
                  ) : null}
                </dl>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <a
                    href={`/track-order?orderId=${encodeURIComponent(order.id)}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    Track<span className="sr-only"> order {order.id}</span>
                  </a>
                  <a
                    href={orderPath(SITE_RESOURCES.orderInvoice.path, order.id)}
                    download
                    className="font-semibold text-brand-700 underline"
                  >
                    Invoice<span className="sr-only"> of order {order.id}</span> (PDF)
                  </a>
                  {order.status === "Shipped" || order.status === "Delivered" ? (
                    <a href={returnRequestPath(order.id)} className="font-semibold text-brand-700 underline">
                      Return or report damage<span className="sr-only"> for order {order.id}</span>
                    </a>
                  ) : null}
                </p>
              </div>
              <div className="mt-4 border-t border-brand-100 pt-4">
                <OrderAgainIsland orderId={order.id} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
