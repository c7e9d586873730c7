import type { ToastMessage } from "#app/components/ui/toast.tsx";

/** A line of "Your Collection". Money in cents; `stock` null means the item has no stock limit. */
export interface CartLine {
  id: string;
  name: string;
  priceCents: number;
  stock: number | null;
  quantity: number;
  image: string | null;
}

export type CartItem = Omit<CartLine, "quantity">;

export interface CartChange {
  lines: CartLine[];
  toast?: ToastMessage;
}

const limitOf = (item: { stock: number | null }) => item.stock ?? Number.POSITIVE_INFINITY;

/** Adds one copy: a new line with quantity 1, or one more of an existing line, within stock. */
export function addToCart(lines: CartLine[], item: CartItem): CartChange {
  const existing = lines.find((line) => line.id === item.id);
  const limit = limitOf(item);
  if (limit < 1) {
    return {
      lines,
      toast: {
        title: "Out of Stock!",
        description: `Sorry, "${item.name}" is currently unavailable.`,
        variant: "destructive",
      },
    };
  }
  if (existing && existing.quantity >= limit) {
    return {
      lines,
      toast: {
        title: "Out of Stock!",
        description: `You already have all available units of "${item.name}" in your cart.`,
        variant: "destructive",
      },
    };
  }
  if (existing) {
    return {
      lines: lines.map((line) => (line.id === item.id ? { ...line, ...item, quantity: line.quantity + 1 } : line)),
      toast: { title: "Added to Collection", description: `Another copy of "${item.name}" is in your collection.` },
    };
  }
  return {
    lines: [...lines, { ...item, quantity: 1 }],
    toast: { title: "Added to Collection!", description: `"${item.name}" has been added to your collection.` },
  };
}

/** Sets a line's quantity: 0 or less removes it, more than the stock is capped at the stock. */
export function setCartQuantity(lines: CartLine[], id: string, quantity: number): CartChange {
  const line = lines.find((l) => l.id === id);
  if (!line) return { lines };
  if (quantity <= 0) return removeFromCart(lines, id);
  const limit = limitOf(line);
  if (quantity > limit) {
    return {
      lines: lines.map((l) => (l.id === id ? { ...l, quantity: limit } : l)),
      toast: {
        title: "Stock Limit Reached",
        description: `Only ${limit} ${limit === 1 ? "unit" : "units"} of "${line.name}" ${limit === 1 ? "is" : "are"} available.`,
        variant: "destructive",
      },
    };
  }
  return { lines: lines.map((l) => (l.id === id ? { ...l, quantity: Math.floor(quantity) } : l)) };
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
export const cartSubtotalCents = (lines: CartLine[]) =>
  lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);

const isCount = (value: unknown, least: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= least;

/** One stored line, or null when it is not one. Plain checks, not zod: the cart is on every page (decision 16). */
function storedLine(value: unknown): CartLine | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, name, priceCents, stock, quantity, image } = value as Record<string, unknown>;
  if (typeof id !== "string" || id.length === 0 || typeof name !== "string") return null;
  if (!isCount(priceCents, 0) || !(stock === null || isCount(stock, 0)) || !isCount(quantity, 1)) return null;
  if (!(image === null || typeof image === "string")) return null;
  return { id, name, priceCents, stock, quantity, image };
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
