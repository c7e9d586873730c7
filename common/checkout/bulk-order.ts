import { CHECKOUT_LIMITS, ITEM_ID, type CartRequestLine } from "./cart-param.ts";

/**
 * The bulk order form (`/bulk-order`, decision 36): one quantity box per title and set, named
 * `qty-<item id>`. Read the same way by its island (which adds the lines to this browser's cart)
 * and by the page's action without scripts (which sends them to the checkout's address, the
 * server's cart). Plain TypeScript, no zod: storefront pages carry none (decision 16).
 */
export const BULK_QUANTITY_PREFIX = "qty-";

export const bulkQuantityField = (id: string) => `${BULK_QUANTITY_PREFIX}${id}`;

export const BULK_ORDER_MESSAGES = {
  quantity: "Enter a whole number of at least 1, or leave it empty.",
  tooMany: `You can order up to ${CHECKOUT_LIMITS.quantity} copies of each title at a time. For more, please contact us.`,
  none: "Enter a quantity for at least one title.",
  lines: `An order can have at most ${CHECKOUT_LIMITS.lines} different items.`,
} as const;

export type BulkOrderReading =
  { ok: true; lines: CartRequestLine[] } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * The lines of a posted bulk order form: each box with a quantity, in the form's order. A box left
 * empty (or 0) is no line; anything but a whole number from 1 to 99 is refused beside its box,
 * and no line is taken while any box is refused.
 */
export function readBulkOrder(entries: Iterable<[string, unknown]>): BulkOrderReading {
  const lines: CartRequestLine[] = [];
  const fieldErrors: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!name.startsWith(BULK_QUANTITY_PREFIX)) continue;
    const id = name.slice(BULK_QUANTITY_PREFIX.length);
    if (!ITEM_ID.test(id) || id.length > CHECKOUT_LIMITS.itemId || lines.some((line) => line.id === id)) continue;
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "" || /^0+$/.test(text)) continue;
    if (!/^\d{1,9}$/.test(text)) {
      fieldErrors[name] = BULK_ORDER_MESSAGES.quantity;
      continue;
    }
    const quantity = Number(text);
    if (quantity > CHECKOUT_LIMITS.quantity) {
      fieldErrors[name] = BULK_ORDER_MESSAGES.tooMany;
      continue;
    }
    lines.push({ id, quantity });
  }
  const first = Object.values(fieldErrors)[0];
  if (first) return { ok: false, message: first, fieldErrors };
  if (lines.length === 0) return { ok: false, message: BULK_ORDER_MESSAGES.none, fieldErrors: {} };
  if (lines.length > CHECKOUT_LIMITS.lines) return { ok: false, message: BULK_ORDER_MESSAGES.lines, fieldErrors: {} };
  return { ok: true, lines };
}
