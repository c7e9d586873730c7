import type { Kysely } from "kysely";
import type { Viewer } from "#server/accounts/viewer.ts";
import type { Database } from "#server/db/schema.ts";
import { mayDownloadOrderDocuments } from "#server/orders/order-access.ts";
import { orderIdSchema } from "#common/orders/tracking-schema.ts";
import { ASSUMED_TRANSIT_DAYS, RETURN_CLAIM_MESSAGES, RETURN_WINDOW_DAYS } from "#common/returns/return-claim-terms.ts";

/**
 * The rules a claim is judged by (decision 35): who may claim on an order, its return window, and
 * how many copies of each line are left to claim. Helpers of the returns use cases.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who is asking, as the request proves it. */
export interface ClaimAccess {
  viewer: Pick<Viewer, "userId" | "email" | "emailVerified" | "isAdmin"> | null;
  /** The browser's placed-orders cookie (it placed these orders). */
  placedOrderIds: readonly string[];
  /** The returns page's cookie: orders proven with their e-mail (claim-proof-cookie.ts). */
  provenOrderIds: readonly string[];
}

/**
 * The order's id as stored when the asker may claim on it and see its claims (and their photos):
 * the account whose Order History lists it, the browser that placed it or proved it with its
 * e-mail, or staff. Null otherwise, for an unknown id alike.
 */
export async function claimableOrderId(
  { db }: { db: Kysely<Database> },
  input: { orderId: string; access: ClaimAccess },
): Promise<string | null> {
  const parsed = orderIdSchema.safeParse(input.orderId);
  if (!parsed.success) return null;
  const { access } = input;
  const allowed = await mayDownloadOrderDocuments(
    { db },
    {
      orderId: parsed.data,
      viewer: access.viewer,
      placedOrderIds: [...access.placedOrderIds, ...access.provenOrderIds],
    },
  );
  return allowed ? parsed.data : null;
}

/** When the order reached the customer, and until when a claim is accepted. */
export interface ClaimWindow {
  /** The Delivered step's time, or (never marked delivered) the Shipped step's plus ASSUMED_TRANSIT_DAYS. */
  receivedAt: Date;
  /** True when receivedAt is assumed from the shipping date. */
  assumed: boolean;
  closesAt: Date;
}

/**
 * The order's return window: RETURN_WINDOW_DAYS from receipt. Receipt is the order's latest
 * Delivered step; an order shipped and never marked delivered is taken as received
 * ASSUMED_TRANSIT_DAYS after its latest Shipped step. Null for an order that has not shipped.
 * An order whose status says Shipped or Delivered without such a step (the seeded samples) counts
 * from its last change.
 */
export async function claimWindow(
  db: Kysely<Database>,
  order: { id: string; status: string; updated_at: string },
): Promise<ClaimWindow | null> {
  if (order.status !== "Shipped" && order.status !== "Delivered") return null;
  const steps = await db
    .selectFrom("order_status_history")
    .select(["status", "occurred_at"])
    .where("order_id", "=", order.id)
    .where("status", "in", ["Shipped", "Delivered"])
    .orderBy("occurred_at", "desc")
    .execute();
  const latest = (status: string) => steps.find((step) => step.status === status)?.occurred_at;
  const delivered = order.status === "Delivered" ? (latest("Delivered") ?? order.updated_at) : null;
  let receivedAt: Date;
  let assumed = false;
  if (delivered) {
    receivedAt = new Date(delivered);
  } else {
    const shipped = latest("Shipped") ?? order.updated_at;
    receivedAt = new Date(new Date(shipped).getTime() + ASSUMED_TRANSIT_DAYS * DAY_MS);
    assumed = true;
  }
  return { receivedAt, assumed, closesAt: new Date(receivedAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS) };
}

/** Why an order takes no claim now, in the customer's words; null when it does. */
export function claimRefusal(
  order: { status: string; replacement_for_order_id: string | null },
  window: ClaimWindow | null,
  now: Date,
): string | null {
  if (order.status === "Cancelled") return RETURN_CLAIM_MESSAGES.cancelled;
  if (!window) return RETURN_CLAIM_MESSAGES.notShipped;
  if (now.getTime() > window.closesAt.getTime()) return RETURN_CLAIM_MESSAGES.windowClosed;
  return null;
}

/** An order line and how many of its copies may still be claimed. */
export interface ClaimableLine {
  itemId: string;
  title: string;
  quantity: number;
  unitPriceCents: number;
  bookId: string | null;
  bundleId: string | null;
  /** Copies in claims that are not refused (pending, approved, settled). */
  claimed: number;
  claimable: number;
}

/** The order's lines with what is left to claim of each: a refused claim gives its copies back. */
export async function claimableLines(db: Kysely<Database>, orderId: string): Promise<ClaimableLine[]> {
  const [items, claimed] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["id", "title", "quantity", "unit_price_cents", "book_id", "bundle_id"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("return_claim_lines as l")
      .innerJoin("return_claims as c", "c.id", "l.claim_id")
      .select(["l.order_item_id", (eb) => eb.fn.sum<number | string>("l.quantity").as("copies")])
      .where("c.order_id", "=", orderId)
      .where("c.status", "!=", "refused")
      .groupBy("l.order_item_id")
      .execute(),
  ]);
  const claimedByItem = new Map(claimed.map((row) => [row.order_item_id, Number(row.copies)]));
  return items.map((item) => {
    const taken = claimedByItem.get(item.id) ?? 0;
    return {
      itemId: item.id,
      title: item.title,
      quantity: item.quantity,
      unitPriceCents: item.unit_price_cents,
      bookId: item.book_id,
      bundleId: item.bundle_id,
      claimed: taken,
      claimable: Math.max(0, item.quantity - taken),
    };
  });
}
