import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { TaxCertificateListItem } from "#server/tax-exemptions/list-tax-certificates.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { formatDateTime } from "#common/dates.ts";
import { formatMoney } from "#common/money/money.ts";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { CERTIFICATE_REVIEW_INTENTS } from "#common/tax-exemptions/tax-exemption-terms.ts";

/**
 * An approved certificate's orders taxed while it was pending (issue 32 item 6): each with
 * "Refund the tax" and, for several, "Refund the tax on all", each confirmed first. A fetcher
 * post to the screen's action; the list is read again, so a refunded order leaves it.
 */
export function TaxRefundActions({ certificate }: { certificate: TaxCertificateListItem }) {
  const fetcher = useFetcher<ActionResult>();
  // The order whose tax is to be refunded; "all" for every one; null: no dialog.
  const [confirming, setConfirming] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const orders = certificate.taxedWhilePending;
  if (orders.length === 0) return null;
  const money = (cents: number, currency: string) => formatMoney(cents, currency);
  const total = orders.reduce((sum, order) => sum + order.taxCents, 0);
  const chosen = orders.find((order) => order.orderId === confirming);
  const headingId = `taxed-${certificate.id}`;

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-lg bg-yellow-50 p-4 ring-1 ring-yellow-200">
      <h4 id={headingId} className="font-semibold text-brand-800">
        Taxed while this certificate was pending
      </h4>
      <p className="mt-1 text-sm text-gray-700">
        The customer was told the tax would be refunded on approval. Refunding gives back the tax alone, through the
        order&apos;s payment.
      </p>
      <ul className="mt-3 grid gap-2" data-testid="taxed-while-pending">
        {orders.map((order) => (
          <li key={order.orderId} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all text-sm">
              <Link
                to={`${ADMIN_PAGES.orders.path}?${new URLSearchParams({ search: order.orderId })}`}
                className="font-semibold text-brand-700 underline"
              >
                {order.orderId}
              </Link>{" "}
              · {formatDateTime(order.orderDate)} · tax {money(order.taxCents, order.currency)}
            </span>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={busy}
              onClick={() => setConfirming(order.orderId)}
            >
              Refund the tax<span className="sr-only"> of order {order.orderId}</span>
            </button>
          </li>
        ))}
      </ul>
      {orders.length > 1 ? (
        <button
          type="button"
          className={`${buttonStyles.primary} mt-3`}
          disabled={busy}
          onClick={() => setConfirming("all")}
        >
          Refund the tax on all {orders.length} orders
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Refund the sales tax?"
        description={
          chosen
            ? `${money(chosen.taxCents, chosen.currency)} goes back to the customer for order ${chosen.orderId}, and the order's history says why.`
            : `${money(total, orders[0]!.currency)} goes back to the customer over ${orders.length} orders, and each order's history says why.`
        }
        confirmLabel="Refund the tax"
        busy={busy}
        onConfirm={() => {
          if (busy || confirming === null) return;
          void fetcher
            .submit(
              {
                intent: CERTIFICATE_REVIEW_INTENTS.refundTax,
                certificateId: certificate.id,
                orderId: confirming === "all" ? "" : confirming,
              },
              { method: "post" },
            )
            .then(() => setConfirming(null));
        }}
      />
    </section>
  );
}
