import type { SalesOverview } from "#server/dashboard/sales-overview.ts";
import { formatMoney } from "#common/money/money.ts";

/** Revenue after discounts, discounts given and order counts for today, 7 and 30 days, each ending today. */
export function SalesFigures({ overview }: { overview: SalesOverview }) {
  const periods = [
    { label: "Today", figure: overview.today, testId: "today" },
    { label: "Last 7 days", figure: overview.last7Days, testId: "7-days" },
    { label: "Last 30 days", figure: overview.last30Days, testId: "30-days" },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {periods.map(({ label, figure, testId }) => (
        <li
          key={label}
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
          data-testid={`sales-${testId}`}
        >
          <h3 className="text-sm font-medium text-gray-700">{label}</h3>
          <p className="mt-1 text-2xl font-bold tabular-nums text-brand-800" data-testid="revenue">
            {formatMoney(figure.revenueCents, overview.currency)}
          </p>
          <p className="text-xs text-gray-700">Revenue after discounts and refunds, before tax</p>
          <p className="text-sm text-gray-700">
            <span data-testid="orders">{figure.orders}</span> {figure.orders === 1 ? "order" : "orders"}
          </p>
          <p className="text-sm text-gray-700">
            Discounts given:{" "}
            <span className="tabular-nums" data-testid="discounts">
              {formatMoney(figure.discountCents, overview.currency)}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
