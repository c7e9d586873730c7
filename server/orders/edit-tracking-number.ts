import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Clock } from "#server/services.ts";
import { isCarrier } from "#common/orders/carriers.ts";
import type { Parcel } from "#common/orders/parcel-schema.ts";
import type { TrackingNumberChange } from "./add-tracking-number.ts";
import { appendOrderHistory } from "./order-history.ts";
import { describeParcel, takeOrderForParcels, TRACKING_STEPS } from "./tracking-numbers.ts";

export const TRACKING_NUMBER_GONE = "This tracking number is no longer on the order. Please reload the order.";

/**
 * Staff correct one of an order's tracking numbers (a mistyped number, the wrong carrier). The
 * staff-only history step keeps what it was. Saving what is already stored changes nothing; a
 * number the order has on another parcel is refused. The customer is told only when staff send
 * the shipped e-mail again. The input is checked by the caller (editTrackingNumberSchema).
 */
export async function editTrackingNumber(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { orderId: string; trackingId: string } & Parcel,
): Promise<TrackingNumberChange> {
  const now = deps.clock();
  const parcel: Parcel = { carrier: input.carrier, trackingNumber: input.trackingNumber };
  return deps.db.transaction().execute(async (trx) => {
    const order = await takeOrderForParcels(trx, { orderId: input.orderId, adding: false });
    const rows = await trx
      .selectFrom("order_tracking_numbers")
      .select(["id", "carrier", "tracking_number"])
      .where("order_id", "=", order.id)
      .execute();
    const row = rows.find((one) => one.id === input.trackingId);
    if (!row) throw new AppError("NOT_FOUND", TRACKING_NUMBER_GONE);
    if (row.carrier === parcel.carrier && row.tracking_number === parcel.trackingNumber) {
      return { orderId: order.id, trackingNumber: parcel.trackingNumber, changed: false };
    }
    if (rows.some((one) => one.id !== row.id && one.tracking_number === parcel.trackingNumber)) {
      throw new AppError("CONFLICT", "This order already has that tracking number.", {
        fieldErrors: { trackingNumber: "This order already has that tracking number." },
      });
    }
    await trx
      .updateTable("order_tracking_numbers")
      .set({ carrier: parcel.carrier, tracking_number: parcel.trackingNumber, updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .execute();
    const before: Parcel = {
      carrier: isCarrier(row.carrier) ? row.carrier : "other",
      trackingNumber: row.tracking_number,
    };
    await appendOrderHistory(trx, {
      orderId: order.id,
      status: TRACKING_STEPS.corrected,
      at: now,
      customerVisible: false,
      note: `${describeParcel(before)} → ${describeParcel(parcel)}`,
    });
    return { orderId: order.id, trackingNumber: parcel.trackingNumber, changed: true };
  });
}
