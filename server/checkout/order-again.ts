import type { Kysely } from "kysely";
import type { Viewer } from "#server/accounts/viewer.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { mayDownloadOrderDocuments } from "#server/orders/order-access.ts";
import { CHECKOUT_LIMITS, type CartRequestLine } from "#common/checkout/cart-param.ts";
import { priceCart, type CartAdjustment, type PricedLine } from "./price-cart.ts";

export interface OrderAgain {
  /** The order's lines at today's prices, within today's stock; gone and sold-out ones left out. */
  lines: PricedLine[];
  /** What differs from the order, in words (gone, sold out, fewer left, price changed). */
  adjustments: CartAdjustment[];
  /** The order's lines as a cart, each with the unit price the order paid: for the checkout's address. */
  requested: CartRequestLine[];
}

/**
 * Order Again (decision 36): an order's lines priced as a cart today (`priceCart`: today's prices
 * and price breaks, quantities within today's stock), each compared with what the order paid, so
 * every change is said in words. Only for whoever may see the order (its buyer's browser, the
 * account whose Order History lists it, an admin); anyone else, and an unknown id, get the same
 * NOT_FOUND. Reads only.
 */
export async function orderAgain(
  deps: { db: Kysely<Database> },
  input: {
    orderId: string;
    viewer: Pick<Viewer, "userId" | "email" | "emailVerified" | "isAdmin"> | null;
    placedOrderIds: readonly string[];
  },
): Promise<OrderAgain> {
  if (!(await mayDownloadOrderDocuments(deps, input)))
    throw new AppError("NOT_FOUND", "This order could not be found.");
  const [order, items] = await Promise.all([
    deps.db.selectFrom("orders").select("currency").where("id", "=", input.orderId).executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("order_items")
      .select(["book_id", "bundle_id", "title", "quantity", "unit_price_cents"])
      .where("order_id", "=", input.orderId)
      .orderBy("position")
      .execute(),
  ]);
  const requested: CartRequestLine[] = [];
  const titles = new Map<string, string>();
  const adjustments: CartAdjustment[] = [];
  for (const item of items) {
    const id = item.book_id ?? item.bundle_id;
    if (id === null) {
      // The book or set was deleted since: the order kept only its title.
      adjustments.push({ id: "", title: item.title, kind: "gone", message: goneMessage(item.title) });
      continue;
    }
    titles.set(id, item.title);
    requested.push({
      id,
      quantity: Math.min(item.quantity, CHECKOUT_LIMITS.quantity),
      cartPriceCents: item.unit_price_cents,
    });
  }
  const priced = await priceCart(deps, { lines: requested, currency: order.currency });
  for (const change of priced.adjustments) {
    // priceCart has no title for an id it no longer knows; the order does.
    const title = titles.get(change.id);
    adjustments.push(change.kind === "gone" && title ? { ...change, title, message: goneMessage(title) } : change);
  }
  return { lines: priced.lines, adjustments, requested };
}

const goneMessage = (title: string) => `"${title}" is no longer sold and was left out.`;
