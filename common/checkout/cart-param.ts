/**
 * The cart as it travels from the cart sheet to the checkout page's address, and the checkout's
 * limits and fields. Plain TypeScript, no zod: the cart sheet is on every storefront page, which
 * must not carry zod (decision 16), and the checkout form loads zod only when it first checks
 * what was typed. The checkout form's schema is checkout-schema.ts.
 */
export const CHECKOUT_LIMITS = {
  lines: 50,
  quantity: 99,
  itemId: 64,
  fullName: 100,
  email: 254,
  organisation: 120,
  phone: 30,
  poNumber: 50,
  street: 200,
  city: 100,
  region: 100,
  postalCode: 20,
  token: 64,
} as const;

/** The fields in display order: the first invalid one gives the summary and the toast their message. */
export const CHECKOUT_FIELDS = [
  "items",
  "email",
  "fullName",
  "phone",
  "organisation",
  "country",
  "street",
  "city",
  "region",
  "postalCode",
  "shippingMethodId",
  "paymentMethod",
  "poNumber",
  "discountCode",
  "checkoutToken",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/** The checkout's Apply button's `intent`: the page again with the code applied, no order placed. */
export const APPLY_DISCOUNT_INTENT = "apply-discount";

/** The longest discount code the field takes (codes are 3–32 characters). */
export const DISCOUNT_CODE_MAX = 32;

/** One line of the cart: a book id or a bundle id (`pkg-…`) and how many. */
export interface CartRequestLine {
  id: string;
  quantity: number;
  /** The unit price the cart showed, in cents: only to say what changed, never charged. */
  cartPriceCents?: number;
}

export const ITEM_ID = /^[A-Za-z0-9_-]+$/;

/**
 * Reads the cart lines of the page's address (`?items=<id>:<qty>:<cents>,…`). Lenient on purpose:
 * it comes from a link the browser built, so a malformed or extra line is dropped (and counted)
 * rather than refusing the whole page. Lines of the same item are merged.
 */
export function parseCartParam(value: string | null): { lines: CartRequestLine[]; dropped: number } {
  const lines: CartRequestLine[] = [];
  let dropped = 0;
  if (!value) return { lines, dropped };
  // Bounded before splitting: a huge address is not worth reading past the first lines.
  const parts = value.slice(0, CHECKOUT_LIMITS.lines * 100).split(",");
  for (const part of parts) {
    if (!part) continue;
    const [id = "", quantityText = "", priceText] = part.split(":");
    const quantity = Number(quantityText);
    const cartPriceCents = priceText === undefined || priceText === "" ? undefined : Number(priceText);
    const valid =
      id.length > 0 &&
      id.length <= CHECKOUT_LIMITS.itemId &&
      ITEM_ID.test(id) &&
      Number.isInteger(quantity) &&
      quantity >= 1 &&
      (cartPriceCents === undefined || (Number.isInteger(cartPriceCents) && cartPriceCents >= 0));
    if (!valid) {
      dropped += 1;
      continue;
    }
    const existing = lines.find((line) => line.id === id);
    if (existing) {
      existing.quantity = Math.min(CHECKOUT_LIMITS.quantity, existing.quantity + quantity);
      continue;
    }
    if (lines.length >= CHECKOUT_LIMITS.lines) {
      dropped += 1;
      continue;
    }
    lines.push({
      id,
      quantity: Math.min(CHECKOUT_LIMITS.quantity, quantity),
      ...(cartPriceCents === undefined ? {} : { cartPriceCents }),
    });
  }
  return { lines, dropped };
}

/** The cart as the page's address carries it (the cart sheet builds this link). */
export function cartParam(lines: readonly CartRequestLine[]): string {
  return lines
    .slice(0, CHECKOUT_LIMITS.lines)
    .map((line) =>
      [line.id, Math.min(CHECKOUT_LIMITS.quantity, line.quantity), line.cartPriceCents]
        .filter((part) => part !== undefined)
        .join(":"),
    )
    .join(",");
}
