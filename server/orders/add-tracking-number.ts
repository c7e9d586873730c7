import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Clock } from "#server/services.ts";
import type { Parcel } from "#common/orders/parcel-schema.ts";
import { addParcelsWithSteps, takeOrderForParcels } from "./tracking-numbers.ts";

export interface TrackingNumberChange {
  orderId: string;
  trackingNumber: string;
  /** False when nothing was written (the order already had the number, or it was already gone). */
  changed: boolean;
}

/**
 * Staff add a parcel's tracking number to an order (Order Details), before or after it ships;
 * a cancelled order takes none. A number the order already has changes nothing. A staff-only
 * history step names it: customers see the numbers themselves, not a step per number. The input
 * is checked by the caller (addTrackingNumberSchema in the orders action).
 */
export async function addTrackingNumber(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { orderId: string } & Parcel,
): Promise<TrackingNumberChange> {
  const now = deps.clock();
  const parcel: Parcel = { carrier: input.carrier, trackingNumber: input.trackingNumber };
  return deps.db.transaction().execute(async (trx) => {
    const order = await takeOrderForParcels(trx, { orderId: input.orderId, adding: true });
    const added = await addParcelsWithSteps(trx, { orderId: order.id, parcels: [parcel], now });
    return { orderId: order.id, trackingNumber: parcel.trackingNumber, changed: added.length > 0 };
  });
}
