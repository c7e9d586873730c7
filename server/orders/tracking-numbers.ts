import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { CARRIER_LABELS, isCarrier, type TrackingNumberView } from "#common/orders/carriers.ts";
import { MAX_TRACKING_NUMBERS_PER_ORDER, type Parcel } from "#common/orders/parcel-schema.ts";
import { appendOrderHistory } from "./order-history.ts";

/** A stored tracking number: what customers see, and its id for staff's corrections. */
export interface TrackingNumberEntry extends TrackingNumberView {
  id: string;
}

/** What the history steps of tracking numbers are called (staff-only steps: the numbers show on their own). */
export const TRACKING_STEPS = {
  added: "Tracking number added",
  corrected: "Tracking number corrected",
  removed: "Tracking number removed",
} as const;

/**
 * The tracking numbers of some orders, each order's in the order they were added. Every page and
 * mail that shows them reads them here. A carrier the shop no longer lists reads as "other".
 */
export async function loadTrackingNumbers(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, TrackingNumberEntry[]>> {
  const byOrder = new Map<string, TrackingNumberEntry[]>();
  // An empty `in ()` is not SQL.
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("order_tracking_numbers")
    .select(["id", "order_id", "carrier", "tracking_number"])
    .where("order_id", "in", [...new Set(orderIds)])
    .orderBy("order_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      id: row.id,
      carrier: isCarrier(row.carrier) ? row.carrier : "other",
      trackingNumber: row.tracking_number,
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** One order's numbers as a customer's page shows them: without the ids staff correct them by. */
export function customerTrackingNumbers(
  byOrder: ReadonlyMap<string, TrackingNumberEntry[]>,
  orderId: string,
): TrackingNumberView[] {
  return (byOrder.get(orderId) ?? []).map(({ carrier, trackingNumber }) => ({ carrier, trackingNumber }));
}

/** "USPS 9400 1000", as a history step's staff note names a parcel. */
export function describeParcel(parcel: Parcel): string {
  return `${CARRIER_LABELS[parcel.carrier]} ${parcel.trackingNumber}`;
}

export const TOO_MANY_TRACKING_NUMBERS = `An order holds at most ${MAX_TRACKING_NUMBERS_PER_ORDER} tracking numbers.`;

/**
 * Adds parcels to an order inside the caller's transaction, which holds the order's row. A number
 * the order already has is left as it is (a repeated post adds nothing); the order's count is
 * capped. Returns the parcels added.
 */
export async function insertTrackingNumbers(
  trx: Kysely<Database>,
  input: { orderId: string; parcels: readonly Parcel[]; now: Date },
): Promise<Parcel[]> {
  if (input.parcels.length === 0) return [];
  const existing = await trx
    .selectFrom("order_tracking_numbers")
    .select(["tracking_number", "position"])
    .where("order_id", "=", input.orderId)
    .execute();
  const next = existing.reduce((max, row) => Math.max(max, row.position + 1), 0);
  const known = new Set(existing.map((row) => row.tracking_number));
  const fresh = input.parcels.filter((parcel) => !known.has(parcel.trackingNumber));
  if (fresh.length === 0) return [];
  if (existing.length + fresh.length > MAX_TRACKING_NUMBERS_PER_ORDER) {
    throw new AppError("CONFLICT", TOO_MANY_TRACKING_NUMBERS);
  }
  const at = input.now.toISOString();
  await trx
    .insertInto("order_tracking_numbers")
    .values(
      fresh.map((parcel, index) => ({
        id: randomUUID(),
        order_id: input.orderId,
        carrier: parcel.carrier,
        tracking_number: parcel.trackingNumber,
        position: next + index,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return fresh;
}

/**
 * insertTrackingNumbers on an order that stays in its status, with a staff-only history step
 * naming each parcel added: customers see the numbers themselves, not a step per number.
 */
export async function addParcelsWithSteps(
  trx: Kysely<Database>,
  input: { orderId: string; parcels: readonly Parcel[]; now: Date },
): Promise<Parcel[]> {
  const added = await insertTrackingNumbers(trx, input);
  for (const parcel of added) {
    await appendOrderHistory(trx, {
      orderId: input.orderId,
      status: TRACKING_STEPS.added,
      at: input.now,
      customerVisible: false,
      note: describeParcel(parcel),
    });
  }
  return added;
}

/**
 * Holds an order's row for a change of its parcels, until the caller's transaction ends (a no-op
 * write: the count and the unique numbers are then checked against a still picture), and returns
 * it. An unknown order is NOT_FOUND; a cancelled one takes no new parcel (`adding`).
 */
export async function takeOrderForParcels(
  trx: Kysely<Database>,
  input: { orderId: string; adding: boolean },
): Promise<{ id: string; status: string }> {
  const taken = await trx
    .updateTable("orders")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", input.orderId)
    .returning(["id", "status"])
    .executeTakeFirst();
  if (!taken) throw new AppError("NOT_FOUND", "This order could not be found.");
  if (input.adding && taken.status === "Cancelled") {
    throw new AppError("CONFLICT", "This order was cancelled: it ships no parcels.", { reason: "cancelled" });
  }
  return taken;
}
