import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { clientKey } from "#server/security/client-key.ts";
import type { RateLimiter } from "#server/security/rate-limiter.ts";
import type { CheckoutInput } from "#common/checkout/checkout-schema.ts";
import { findPlacedOrder, type PlacedOrder } from "./place-order.ts";

const INVOICE_ALLOWANCE_REASON = "invoice-allowance";

/**
 * Places an order (`place`), counting an invoice order's items against the client's daily
 * allowance (`rateLimits.invoiceItems`, decision 9). An invoice order holds its stock unpaid until
 * staff mark it paid or cancel it, so without a bound one client could place order after order and
 * leave every book "Sold out" for everyone else. A card order needs none: its stock comes back
 * when its payment page expires.
 *
 * The items are counted before the order is placed (two orders at once cannot both slip under the
 * bound) and given back when it is not: refused, or a replay of an order already counted (a
 * replay found first is not counted at all).
 */
export async function placeWithinInvoiceAllowance(
  deps: { db: Kysely<Database>; limiter: RateLimiter },
  input: { clientAddress: string; form: CheckoutInput },
  place: () => Promise<PlacedOrder>,
): Promise<PlacedOrder> {
  if (input.form.paymentMethod !== "invoice") return place();
  // A form sent again (a reload, a double-click, a retry) finds its order: counted once already.
  const placedBefore = await findPlacedOrder(deps.db, input.form.checkoutToken);
  if (placedBefore) return placedBefore;
  const { limiter } = deps;
  const key = clientKey(input.clientAddress);
  const items = input.form.items.reduce((sum, line) => sum + line.quantity, 0);
  if ((await limiter.consumePoints(key, items)) > 0) {
    throw new AppError(
      "RATE_LIMITED",
      `Orders paid by invoice can hold up to ${limiter.limit} items a day. Please order fewer items, pay by card, or contact us for a larger order.`,
      { reason: INVOICE_ALLOWANCE_REASON },
    );
  }
  let placed: PlacedOrder;
  try {
    placed = await place();
  } catch (error) {
    await limiter.giveBack(key, items);
    throw error;
  }
  if (placed.replayed) await limiter.giveBack(key, items);
  return placed;
}
