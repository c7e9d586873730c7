import { CHECKOUT_LIMITS } from "#common/checkout/cart-param.ts";
import { readPriceBreaks, unitPriceFor, type PriceBreak } from "#common/books/price-breaks.ts";
import type { ToastMessage } from "#app/components/ui/toast.tsx";

/** A line of "Your Collection". Money in cents; `stock` null means the item has no stock limit. */
export interface CartLine {
  id: string;
  name: string;
  /** The list price; what a copy costs on the line is `lineUnitPriceCents`. */
  priceCents: number;
  stock: number | null;
  quantity: number;
  image: string | null;
  /** A book's quantity price breaks, when it has any (decision 36); the server prices them again. */
  priceBreaks?: PriceBreak[];
}

export type CartItem = Omit<CartLine, "quantity">;

export interface CartChange {
  lines: CartLine[];
  toast?: ToastMessage;
}

/**
 * The most of one item a line may hold: its stock, and never more than the checkout takes in one
 * line (CHECKOUT_LIMITS.quantity), which would otherwise lower it there without a word.
 */
export const CART_LINE_MAX = CHECKOUT_LIMITS.quantity;

export function cartLimit(item: { stock: number | null }): number {
  return Math.min(item.stock ?? Number.POSITIVE_INFINITY, CART_LINE_MAX);
}

/** Whether the stock, rather than the checkout's limit, is what bounds the item. */
const boundByStock = (item: { stock: number | null }) => item.stock !== null && item.stock <= CART_LINE_MAX;

/** Why a quantity stopped at `limit`: the spec's stock message, or the checkout's own limit. */
function limitToast(item: { name: string; stock: number | null }, limit: number): ToastMessage {
  if (boundByStock(item)) {
    return {
      title: "Stock Limit Reached",
      description: `Only ${limit} ${limit === 1 ? "unit" : "units"} of "${item.name}" ${limit === 1 ? "is" : "are"} available.`,
      variant: "destructive",
    };
  }
  return {
    title: "Quantity Limit Reached",
    description: `You can order up to ${limit} copies of "${item.name}" at a time. For more, please contact us.`,
    variant: "destructive",
  };
}

/** A wanted quantity within the item's limit, with the message when it was lowered. */
export function capQuantity(
  item: { name: string; stock: number | null },
  quantity: number,
): { quantity: number; toast?: ToastMessage } {
  const limit = cartLimit(item);
  return quantity > limit ? { quantity: limit, toast: limitToast(item, limit) } : { quantity };
}

/** What a quantity box refuses (anything but a whole number of at least 1). */
export const QUANTITY_MESSAGE = "Enter a whole number of at least 1.";

/** A typed quantity: a whole number of at least 1, or null. Long numbers are capped later, not refused. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 ? quantity : null;
}

/**
 * Adds `quantity` copies (1 from the Add to Collection buttons, what was typed on the book page):
 * a new line, or more of an existing line, up to the item's limit.
 */
export function addToCart(lines: CartLine[], item: CartItem, quantity = 1): CartChange {
  const existing = lines.find((line) => line.id === item.id);
  if (item.stock !== null && item.stock < 1) {
    return {
      lines,
      toast: {
        title: "Out of Stock!",
        description: `Sorry, "${item.name}" is currently unavailable.`,
        variant: "destructive",
      },
    };
  }
  const limit = cartLimit(item);
  const have = existing?.quantity ?? 0;
  if (have >= limit) {
    return {
      lines,
      toast: boundByStock(item)
        ? {
            title: "Out of Stock!",
            description: `You already have all available units of "${item.name}" in your cart.`,
            variant: "destructive",
          }
        : limitToast(item, limit),
    };
  }
  const capped = capQuantity(item, have + quantity);
  const added = capped.quantity - have;
  const next = existing
    ? lines.map((line) => (line.id === item.id ? { ...line, ...item, quantity: capped.quantity } : line))
    : [...lines, { ...item, quantity: capped.quantity }];
  if (capped.toast) return { lines: next, toast: capped.toast };
  if (existing) {
    return {
      lines: next,
      toast: {
        title: "Added to Collection",
        description:
          added === 1
            ? `Another copy of "${item.name}" is in your collection.`
            : `${added} more copies of "${item.name}" are in your collection.`,
      },
    };
  }
  return {
    lines: next,
    toast: {
      title: "Added to Collection!",
      description:
        added === 1
          ? `"${item.name}" has been added to your collection.`
          : `${added} copies of "${item.name}" have been added to your collection.`,
    },
  };
}

/**
 * Adds several items at once (the bulk order form, Order Again), each as `addToCart` would, capped
 * the same way, with one toast: how many copies of how many titles were added, and the first
 * reason one was capped or refused (or that reason alone when nothing could be added).
 */
export function addManyToCart(lines: CartLine[], entries: readonly { item: CartItem; quantity: number }[]): CartChange {
  let next = lines;
  let copies = 0;
  let titles = 0;
  let refusal: ToastMessage | undefined;
  for (const { item, quantity } of entries) {
    const had = next.find((line) => line.id === item.id)?.quantity ?? 0;
    const change = addToCart(next, item, quantity);
    const now = change.lines.find((line) => line.id === item.id)?.quantity ?? 0;
    if (now > had) {
      copies += now - had;
      titles += 1;
    }
    if (change.toast?.variant === "destructive") refusal ??= change.toast;
    next = change.lines;
  }
  if (copies === 0) return { lines, ...(refusal ? { toast: refusal } : {}) };
  const added = `${copies} ${copies === 1 ? "copy" : "copies"} of ${titles} ${titles === 1 ? "title" : "titles"} ${copies === 1 ? "has" : "have"} been added to your collection.`;
  return {
    lines: next,
    toast: {
      title: "Added to Collection!",
      description: refusal ? `${added} ${refusal.description}` : added,
      ...(refusal ? { variant: "destructive" as const } : {}),
    },
  };
}

/** Sets a line's quantity: 0 or less removes it, more than the item's limit is capped at it. */
export function setCartQuantity(lines: CartLine[], id: string, quantity: number): CartChange {
  const line = lines.find((l) => l.id === id);
  if (!line) return { lines };
  if (quantity <= 0) return removeFromCart(lines, id);
  const capped = capQuantity(line, Math.floor(quantity));
  return {
    lines: lines.map((l) => (l.id === id ? { ...l, quantity: capped.quantity } : l)),
    ...(capped.toast ? { toast: capped.toast } : {}),
  };
}

export function removeFromCart(lines: CartLine[], id: string): CartChange {
  const line = lines.find((l) => l.id === id);
  if (!line) return { lines };
  return {
    lines: lines.filter((l) => l.id !== id),
    toast: { title: "Removed from Collection", description: `"${line.name}" has been removed from your collection.` },
  };
}

export function clearCart(): CartChange {
  return { lines: [], toast: { title: "Collection Cleared", description: "Your collection is now empty." } };
}

export const cartItemCount = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);
/** What one copy costs on the line: its price break for the line's quantity, else the list price. */
export const lineUnitPriceCents = (line: Pick<CartLine, "priceCents" | "priceBreaks" | "quantity">) =>
  unitPriceFor(line.priceCents, line.priceBreaks ?? [], line.quantity);
export const cartSubtotalCents = (lines: CartLine[]) =>
  lines.reduce((sum, line) => sum + lineUnitPriceCents(line) * line.quantity, 0);

const isCount = (value: unknown, least: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= least;

/** One stored line, or null when it is not one. Plain checks, not zod: the cart is on every page (decision 16). */
function storedLine(value: unknown): CartLine | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, name, priceCents, stock, quantity, image, priceBreaks } = value as Record<string, unknown>;
  if (typeof id !== "string" || id.length === 0 || typeof name !== "string") return null;
  if (!isCount(priceCents, 0) || !(stock === null || isCount(stock, 0)) || !isCount(quantity, 1)) return null;
  if (!(image === null || typeof image === "string")) return null;
  // Carts saved before price breaks have none; odd breaks read as none (the server prices anyway).
  const breaks = readPriceBreaks(priceBreaks);
  return { id, name, priceCents, stock, quantity, image, ...(breaks.length > 0 ? { priceBreaks: breaks } : {}) };
}

/** Reads the stored cart; throws on anything that is not a valid cart. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (raw === null) return [];
  const stored: unknown = JSON.parse(raw);
  if (!Array.isArray(stored)) throw new Error("The stored cart is not a list.");
  return stored.map((value) => {
    const line = storedLine(value);
    if (!line) throw new Error("The stored cart has a line that is not a cart line.");
    return line;
  });
}
