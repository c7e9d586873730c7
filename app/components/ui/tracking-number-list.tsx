import { CARRIER_LABELS, trackingUrl, type TrackingNumberView } from "#common/orders/carriers.ts";

/**
 * An order's parcels: each carrier and number, the number linked to the carrier's tracking page
 * (the one table in common/orders/carriers.ts; "Other" shows the number only). The one way every
 * page shows them: Track Order, the confirmation, Order History and Order Details. The link
 * opens a new tab and sends no referrer, so the carrier never learns the order's address.
 */
export function TrackingNumberList({ numbers, className = "" }: { numbers: TrackingNumberView[]; className?: string }) {
  return (
    <ul className={`grid gap-1 ${className}`} data-testid="tracking-numbers">
      {numbers.map((parcel) => (
        <li key={parcel.trackingNumber} className="break-words">
          <TrackingNumber parcel={parcel} />
        </li>
      ))}
    </ul>
  );
}

/** One parcel: "USPS 9400…", the number a link when its carrier has a tracking page. */
export function TrackingNumber({ parcel }: { parcel: TrackingNumberView }) {
  const carrier = CARRIER_LABELS[parcel.carrier];
  const url = trackingUrl(parcel.carrier, parcel.trackingNumber);
  return (
    <>
      <span className="font-medium text-ink">{carrier}</span>{" "}
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="break-all font-mono font-semibold text-brand-700 underline"
        >
          {parcel.trackingNumber}
          <span className="sr-only"> (track with {carrier}, opens in a new tab)</span>
        </a>
      ) : (
        <span className="break-all font-mono text-ink">{parcel.trackingNumber}</span>
      )}
    </>
  );
}
