import { useSyncExternalStore } from "react";
import { showToast } from "#app/components/ui/toast.tsx";
import {
  addManyToCart,
  addToCart,
  cartItemCount,
  cartSubtotalCents,
  clearCart,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
  type CartChange,
  type CartItem,
  type CartLine,
} from "./cart-rules.ts";

/** localStorage key of the cart; versioned so a future format never reads an old one wrongly. */
export const CART_STORAGE_KEY = "bible-story-shop:cart:v1";

export interface CartState {
  lines: CartLine[];
  itemCount: number;
  subtotalCents: number;
  /** False until the stored cart has been read in the browser (always false on the server). */
  hydrated: boolean;
}

/**
 * The cart lives in this browser's storage, outside React: on a catalogue page the cart button
 * and each Add to Collection button are separate React roots (decision 21) that must see one
 * cart. The server (and hydration) sees an empty cart that is not read yet; the stored one is read
 * on the browser's first look; another tab's changes arrive through the `storage` event, and a
 * page restored by Back reads it again.
 */
const SERVER_STATE: CartState = { lines: [], itemCount: 0, subtotalCents: 0, hydrated: false };
let state: CartState | null = null;
const listeners = new Set<() => void>();

function stateOf(lines: CartLine[]): CartState {
  return { lines, itemCount: cartItemCount(lines), subtotalCents: cartSubtotalCents(lines), hydrated: true };
}

function readStoredCart(): CartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch (error) {
    console.error("The stored cart could not be read; starting with an empty one.", error);
    try {
      window.localStorage.removeItem(CART_STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing to clean up.
    }
    return [];
  }
}

function snapshot(): CartState {
  state ??= stateOf(readStoredCart());
  return state;
}

function publish(lines: CartLine[]) {
  state = stateOf(lines);
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === CART_STORAGE_KEY || event.key === null) publish(readStoredCart());
}

/** Back to a page kept in the back/forward cache: the cart may have changed on the pages since. */
function onPageShow(event: PageTransitionEvent) {
  if (event.persisted) publish(readStoredCart());
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener("storage", onStorage);
    window.addEventListener("pageshow", onPageShow);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pageshow", onPageShow);
    }
  };
}

/** Applies a rule of cart-rules.ts to the current lines (so rapid clicks each see the one before). */
function apply(change: (current: CartLine[]) => CartChange) {
  const result = change(snapshot().lines);
  if (result.lines !== snapshot().lines) {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(result.lines));
    } catch (error) {
      console.error("The cart could not be saved.", error);
    }
    publish(result.lines);
  }
  if (result.toast) showToast(result.toast);
}

/** What a visitor does to the cart; each change is saved at once and may show a toast. */
export const cartActions = {
  /** One copy (Add to Collection), or the book page's typed quantity. */
  add: (item: CartItem, quantity = 1) => apply((current) => addToCart(current, item, quantity)),
  /** Several items at once, with one toast (the bulk order form, Order Again). */
  addMany: (entries: readonly { item: CartItem; quantity: number }[]) =>
    apply((current) => addManyToCart(current, entries)),
  setQuantity: (id: string, quantity: number) => apply((current) => setCartQuantity(current, id, quantity)),
  /** − or +: from the quantity the cart holds now, not the one a render saw (a quick second click). */
  step: (id: string, delta: 1 | -1) =>
    apply((current) => setCartQuantity(current, id, (current.find((line) => line.id === id)?.quantity ?? 0) + delta)),
  remove: (id: string) => apply((current) => removeFromCart(current, id)),
  clear: () => apply(() => clearCart()),
  /** Empties the cart without a toast: its items became an order (the confirmation page). */
  clearPlacedOrder: () => apply(() => ({ lines: [] })),
};

export function useCart(): CartState {
  return useSyncExternalStore(subscribe, snapshot, () => SERVER_STATE);
}
