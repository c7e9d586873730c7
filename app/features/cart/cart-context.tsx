import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import {
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

interface CartContextValue {
  lines: CartLine[];
  itemCount: number;
  subtotalCents: number;
  /** False until the stored cart has been read in the browser (always false on the server). */
  hydrated: boolean;
  add(item: CartItem): void;
  setQuantity(id: string, quantity: number): void;
  remove(id: string): void;
  clear(): void;
  /** Empties the cart without a toast: its items became an order (the confirmation page). */
  clearPlacedOrder(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const showToast = useToast();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [hydrated, setHydrated] = useState(false);
  // The latest lines, so that rapid clicks each see the result of the one before.
  const linesRef = useRef(lines);

  useEffect(() => {
    let restored: CartLine[] = [];
    try {
      restored = parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
    } catch (error) {
      console.error("The stored cart could not be read; starting with an empty one.", error);
      try {
        window.localStorage.removeItem(CART_STORAGE_KEY);
      } catch {
        // Storage unavailable: nothing to clean up.
      }
    }
    linesRef.current = restored;
    setLines(restored);
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
    } catch (error) {
      console.error("The cart could not be saved.", error);
    }
  }, [lines, hydrated]);

  const apply = useCallback(
    (change: (current: CartLine[]) => CartChange) => {
      const result = change(linesRef.current);
      linesRef.current = result.lines;
      setLines(result.lines);
      if (result.toast) showToast(result.toast);
    },
    [showToast],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      itemCount: cartItemCount(lines),
      subtotalCents: cartSubtotalCents(lines),
      hydrated,
      add: (item) => apply((current) => addToCart(current, item)),
      setQuantity: (id, quantity) => apply((current) => setCartQuantity(current, id, quantity)),
      remove: (id) => apply((current) => removeFromCart(current, id)),
      clear: () => apply(() => clearCart()),
      clearPlacedOrder: () => apply(() => ({ lines: [] })),
    }),
    [lines, hydrated, apply],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used inside CartProvider");
  return cart;
}
