import { z } from "zod";
import { CARRIER_LABELS, CARRIERS } from "./carriers.ts";

/**
 * A parcel's carrier and tracking number, as staff type them when an order ships (the status
 * control, the bulk bar) or later (Order Details). Shared by the browser and the server.
 */

export const TRACKING_NUMBER_MIN_LENGTH = 4;
export const TRACKING_NUMBER_MAX_LENGTH = 40;
/** Most numbers one order holds (a church's order may ship in a few boxes, never in dozens). */
export const MAX_TRACKING_NUMBERS_PER_ORDER = 20;
/** Most parcel rows one ship form posts for one order. */
export const MAX_PARCELS_PER_SHIPMENT = 10;

const CARRIER_NAMES = CARRIERS.map((carrier) => CARRIER_LABELS[carrier]);
export const CARRIER_MESSAGE = `Please choose a carrier: ${CARRIER_NAMES.slice(0, -1).join(", ")} or ${CARRIER_NAMES.at(-1)}.`;
export const TRACKING_NUMBER_REQUIRED = "Please enter the tracking number.";
export const TRACKING_NUMBER_LENGTH = `Please enter a tracking number of ${TRACKING_NUMBER_MIN_LENGTH} to ${TRACKING_NUMBER_MAX_LENGTH} characters.`;
export const TRACKING_NUMBER_CHARACTERS = "A tracking number may hold only letters, digits, spaces and dashes.";
export const DUPLICATE_TRACKING_NUMBER = "This tracking number is entered twice.";

export const carrierSchema = z.enum(CARRIERS, { error: CARRIER_MESSAGE });

/**
 * Letters and digits, with single spaces or dashes between them: no link, markup or quote can
 * reach the mails and pages that show it. Stored in upper case with runs of spaces made one, so
 * "1z 999" and "1Z 999" are the same number.
 */
export const trackingNumberSchema = z
  .string({ error: TRACKING_NUMBER_REQUIRED })
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, TRACKING_NUMBER_REQUIRED)
      .min(TRACKING_NUMBER_MIN_LENGTH, TRACKING_NUMBER_LENGTH)
      .max(TRACKING_NUMBER_MAX_LENGTH, TRACKING_NUMBER_LENGTH)
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/, TRACKING_NUMBER_CHARACTERS),
  )
  .transform((value) => value.toUpperCase());

export const parcelSchema = z.object(
  { carrier: carrierSchema, trackingNumber: trackingNumberSchema },
  { error: "Please choose the parcel's carrier and enter its tracking number." },
);
export type Parcel = z.output<typeof parcelSchema>;

/** A row left without a number is no parcel: staff may ship without one. */
function isBlankRow(row: unknown): boolean {
  if (typeof row !== "object" || row === null) return false;
  const number = (row as { trackingNumber?: unknown }).trackingNumber;
  return number === undefined || (typeof number === "string" && number.trim() === "");
}

/**
 * The parcel rows of a ship form (`parcels.0.carrier`, `parcels.0.trackingNumber`, …): rows
 * without a number are left out, each other row is checked where it stands (its messages keep
 * their row's number), and a parcel entered twice (the same `sameParcel` key) is refused on its
 * second row.
 */
export function parcelRowsSchema<Row extends z.ZodType<Parcel>>(
  row: Row,
  {
    max,
    sameParcel,
    duplicateMessage = DUPLICATE_TRACKING_NUMBER,
  }: { max: number; sameParcel: (parcel: z.output<Row>) => string; duplicateMessage?: string },
) {
  return z
    .preprocess(
      (rows) => (Array.isArray(rows) ? rows.map((one) => (isBlankRow(one) ? null : one)) : rows),
      z
        .array(row.nullable(), { error: "Please fill in the parcels again." })
        .max(max, `Please enter at most ${max} tracking numbers at a time.`)
        .superRefine((rows, ctx) => {
          const seen = new Set<string>();
          rows.forEach((parcel, index) => {
            if (!parcel) return;
            const key = sameParcel(parcel);
            if (seen.has(key)) {
              ctx.addIssue({ code: "custom", path: [index, "trackingNumber"], message: duplicateMessage });
            }
            seen.add(key);
          });
        }),
    )
    .optional()
    .transform((rows) => (rows ?? []).filter((parcel): parcel is NonNullable<typeof parcel> => parcel !== null));
}

/** One order's parcels, as the ship dialog of one order posts them. */
export const shipmentParcelsSchema = parcelRowsSchema(parcelSchema, {
  max: MAX_PARCELS_PER_SHIPMENT,
  sameParcel: (parcel) => parcel.trackingNumber,
});
