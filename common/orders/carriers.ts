/**
 * The carriers a parcel can go with, and where each one's tracking page is: the one table every
 * page, mail and form reads. Client-safe, no imports and no zod: the storefront's pages show the
 * links without loading zod (decision 16).
 */
export const CARRIERS = ["usps", "ups", "fedex", "dhl", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = {
  usps: "USPS",
  ups: "UPS",
  fedex: "FedEx",
  dhl: "DHL",
  other: "Other",
};

/** `{number}` is replaced by the number, without spaces or dashes; "other" has no page to link. */
const TRACKING_URL_PATTERNS: Record<Carrier, string | null> = {
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}",
  ups: "https://www.ups.com/track?tracknum={number}",
  fedex: "https://www.fedex.com/fedextrack/?trknbr={number}",
  dhl: "https://www.dhl.com/us-en/home/tracking.html?tracking-id={number}&submit=1",
  other: null,
};

/** One parcel's tracking number as customers and staff see it. */
export interface TrackingNumberView {
  carrier: Carrier;
  /** As stored: upper case, single spaces (tracking-number-schema.ts). */
  trackingNumber: string;
}

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/**
 * The carrier's tracking page for a number, or null for "other". Carriers print numbers in
 * groups ("9400 1000 …") but their pages take them whole, so spaces and dashes are left out.
 */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const pattern = TRACKING_URL_PATTERNS[carrier];
  if (!pattern) return null;
  return pattern.replace("{number}", encodeURIComponent(trackingNumber.replace(/[\s-]+/g, "")));
}
