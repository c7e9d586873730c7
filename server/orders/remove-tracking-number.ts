import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Clock } from "#server/services.ts";
import { isCarrier } from "#common/orders/carriers.ts";
import type { TrackingNumberChange } from "./add-tracking-number.ts";
import { appendOrderHistory } from "./order-history.ts";
import { describeParcel, takeOrderForParcels, TRACKING_STEPS } from "./tracking-numbers.ts";

/**
 * Staff remove a tracking number from an order (entered on the wrong order, or a parcel that
 * never went). A number already gone changes nothing, so a repeated post is harmless. The
 * staff-only history step names it. The input is checked by the caller (removeTrackingNumberSchema).
 */
export async function removeTrackingNumber(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { orderId: string; trackingId: string },
): Promise<TrackingNumberChange> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await takeOrderForParcels(trx, { orderId: input.orderId, adding: false });
    const removed = await trx
      .deleteFrom("order_tracking_numbers")
      .where("id", "=", input.trackingId)
      .where("order_id", "=", order.id)
      .returning(["carrier", "tracking_number"])
      .executeTakeFirst();
    if (!removed) return { orderId: order.id, trackingNumber: "", changed: false };
    await appendOrderHistory(trx, {
      orderId: order.id,
      status: TRACKING_STEPS.removed,
      at: deps.clock(),
      customerVisible: false,
      note: describeParcel({
        carrier: isCarrier(removed.carrier) ? removed.carrier : "other",
        trackingNumber: removed.tracking_number,
      }),
    });
    return { orderId: order.id, trackingNumber: removed.tracking_number, changed: true };
  });
}
