import { CircleAlert, CircleCheck, CircleDot, CircleX, PackageSearch, type LucideIcon } from "lucide-react";
import { useId } from "react";
import type { OrderTracking } from "#server/orders/track-order.ts";
import { formatLongDate, formatTimeOfDay } from "#common/dates.ts";
import { TrackingNumberList } from "#app/components/ui/tracking-number-list.tsx";

function parseDate(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A <time> element when the value parses, so machines read the exact instant too. */
function TrackingTime({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const date = parseDate(value);
  if (!date) return <>{value}</>;
  const time = withTime ? formatTimeOfDay(value) : "";
  return <time dateTime={value}>{time ? `${formatLongDate(value)}, ${time}` : formatLongDate(value)}</time>;
}

/** Steps that end an order or its payment badly: never shown as a green "done" tick. */
const STOPPED_STEPS = new Set(["Cancelled", "Payment failed", "Payment expired"]);
/** Steps about money going back: neither progress nor failure. */
const NEUTRAL_STEPS = new Set(["Refunded", "Partially refunded"]);

/**
 * The icon, colour and spoken state of one step. The newest step is the current one (blue dot),
 * unless it says the journey is over: Delivered is a green tick, a cancellation a red cross.
 */
export function stepLook(
  status: string,
  current: boolean,
): {
  Icon: LucideIcon;
  colour: string;
  spoken: string;
  look: "stopped" | "neutral" | "current" | "done";
} {
  if (STOPPED_STEPS.has(status)) return { Icon: CircleX, colour: "text-red-700", spoken: "(Stopped)", look: "stopped" };
  if (NEUTRAL_STEPS.has(status))
    return { Icon: CircleAlert, colour: "text-gray-700", spoken: "(Money returned)", look: "neutral" };
  if (current && status !== "Delivered")
    return { Icon: CircleDot, colour: "text-blue-700", spoken: "", look: "current" };
  return { Icon: CircleCheck, colour: "text-green-700", spoken: "(Completed)", look: "done" };
}

/** Shown until a lookup finds an order. */
export function TrackingEmptyState() {
  return (
    <div className="rounded-xl border-2 border-dashed border-brand-600/40 bg-white px-6 py-12 text-center">
      <PackageSearch aria-hidden="true" className="mx-auto size-12 text-brand-700" />
      <h2 className="mt-4 font-serif text-2xl font-bold text-brand-800">Awaiting your order ID</h2>
      <p className="mx-auto mt-2 max-w-md text-gray-700">
        Enter your order ID above to see its status, estimated delivery and every step of its journey.
      </p>
    </div>
  );
}

/** The order's status, dates and its timeline, newest step first (the first one is current). */
export function TrackingResult({ tracking }: { tracking: OrderTracking }) {
  const headingId = useId();
  const historyHeadingId = useId();
  const parcelsHeadingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8">
      <h2 id={headingId} className="break-words font-serif text-2xl font-bold text-brand-800">
        Order {tracking.orderId}
      </h2>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg bg-brand-50 p-4">
          <dt className="text-sm font-medium text-gray-700">Status</dt>
          <dd className="mt-1 text-lg font-bold text-ink" data-testid="tracking-status">
            {tracking.status}
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-4">
          <dt className="text-sm font-medium text-gray-700">Order date</dt>
          <dd className="mt-1 text-lg font-semibold text-ink">
            <TrackingTime value={tracking.orderDate} />
          </dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-4">
          <dt className="text-sm font-medium text-gray-700">Estimated delivery</dt>
          <dd className="mt-1 text-lg font-semibold text-ink">
            {tracking.estimatedDelivery ? <TrackingTime value={tracking.estimatedDelivery} /> : "Not yet known"}
          </dd>
        </div>
      </dl>

      {tracking.trackingNumbers.length > 0 ? (
        <section aria-labelledby={parcelsHeadingId} className="mt-6">
          <h3 id={parcelsHeadingId} className="font-serif text-xl font-semibold text-brand-800">
            {tracking.trackingNumbers.length === 1 ? "Tracking number" : "Tracking numbers"}
          </h3>
          <p className="mt-1 text-sm text-gray-700">
            Follow your parcel on the carrier&apos;s website. A new number may take up to 24 hours to show there.
          </p>
          <TrackingNumberList numbers={tracking.trackingNumbers} className="mt-3" />
        </section>
      ) : null}

      <h3 id={historyHeadingId} className="mt-8 font-serif text-xl font-semibold text-brand-800">
        Tracking history
      </h3>
      {tracking.history.length === 0 ? (
        <p className="mt-3 text-gray-700">No tracking updates yet. Please check back soon.</p>
      ) : (
        <ol aria-labelledby={historyHeadingId} className="mt-4">
          {tracking.history.map((step, index) => {
            const current = index === 0;
            const last = index === tracking.history.length - 1;
            const { Icon, colour, spoken, look } = stepLook(step.status, current);
            return (
              <li key={`${step.occurredAt}-${index}`} className="relative flex gap-4 pb-6 last:pb-0">
                {/* The line joining this step's icon to the next (older) one. */}
                {last ? null : (
                  <span aria-hidden="true" className="absolute left-3 top-7 bottom-0 w-0.5 bg-brand-100" />
                )}
                <Icon
                  aria-hidden="true"
                  className={`relative size-6 shrink-0 ${colour}`}
                  data-testid="tracking-step-icon"
                  data-look={look}
                />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold text-ink">{step.status}</span>
                    {current ? (
                      <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-700">
                        Current status
                      </span>
                    ) : null}
                    {spoken ? <span className="sr-only">{spoken}</span> : null}
                  </p>
                  <p className="text-sm text-gray-700">
                    <TrackingTime value={step.occurredAt} withTime />
                  </p>
                  {step.location ? <p className="text-sm text-gray-700">{step.location}</p> : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </article>
  );
}
