import type { SalesDay } from "#server/dashboard/sales-overview.ts";
import { formatMoney } from "#common/money/money.ts";
import { formatDate } from "#common/dates.ts";

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 4;

/**
 * Daily revenue as plain server-rendered SVG bars: no charting library, nothing to load, and it
 * is drawn before any script runs. The SVG is one image with a summary for screen readers; the
 * same figures are in a table right under it (open with "Show as a table").
 */
export function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const max = Math.max(0, ...days.map((d) => d.revenueCents));
  const barWidth = WIDTH / days.length - GAP;
  const best = days.reduce<SalesDay | null>((top, d) => (d.revenueCents > (top?.revenueCents ?? 0) ? d : top), null);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `Daily sales from ${formatDate(first.date)} to ${formatDate(last.date)}. ` +
        (best ? `Best day: ${formatDate(best.date)}, ${formatMoney(best.revenueCents, currency)}.` : "No sales yet.")
      : "No days to show.";
  return (
    <figure>
      <div className="flex items-baseline justify-between text-xs text-gray-700">
        <span>Highest day: {formatMoney(max, currency)}</span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        className="mt-1 h-40 w-full rounded-lg bg-brand-50"
        data-testid="sales-chart"
      >
        {days.map((day, index) => {
          const height = max === 0 ? 0 : Math.max(day.revenueCents > 0 ? 2 : 0, (day.revenueCents / max) * HEIGHT);
          return (
            <rect
              key={day.date}
              x={index * (barWidth + GAP) + GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              className="fill-brand-600"
            >
              <title>{`${formatDate(day.date)}: ${formatMoney(day.revenueCents, currency)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-gray-700">
        <span>{first ? formatDate(first.date) : ""}</span>
        <span>{last ? formatDate(last.date) : ""}</span>
      </figcaption>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-800">Show as a table</summary>
        <div className="mt-2">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Daily sales, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  Orders
                </th>
                <th scope="col" className="py-1 text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {days.map((day) => (
                <tr key={day.date} data-testid="sales-day" data-date={day.date}>
                  <th scope="row" className="py-1 pr-4 font-normal">
                    <time dateTime={day.date}>{formatDate(day.date)}</time>
                  </th>
                  <td className="py-1 pr-4 text-right tabular-nums">{day.orders}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(day.revenueCents, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
