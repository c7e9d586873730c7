import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartItemCount,
  cartSubtotalCents,
  clearCart,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
  type CartItem,
} from "./cart-rules.ts";

const book: CartItem = { id: "b1", name: "Noah's Ark", priceCents: 1599, stock: 2, image: null };
const untracked: CartItem = { id: "b2", name: "The Birth of Jesus", priceCents: 1799, stock: null, image: "/x.webp" };

describe("cart rules", () => {
  it("adds a new item with quantity 1, then raises it by 1", () => {
    const first = addToCart([], book);
    expect(first.lines).toEqual([{ ...book, quantity: 1 }]);
    expect(first.toast?.title).toBe("Added to Collection!");
    const second = addToCart(first.lines, book);
    expect(second.lines[0]!.quantity).toBe(2);
    expect(second.toast?.title).toBe("Added to Collection");
  });

  it("refuses an item whose stock is below 1", () => {
    const result = addToCart([], { ...book, stock: 0 });
    expect(result.lines).toEqual([]);
    expect(result.toast).toEqual({
      title: "Out of Stock!",
      description: `Sorry, "Noah's Ark" is currently unavailable.`,
      variant: "destructive",
    });
  });

  it("refuses another copy when the cart already holds every unit", () => {
    const full = addToCart(addToCart([], book).lines, book).lines;
    const result = addToCart(full, book);
    expect(result.lines).toBe(full);
    expect(result.toast?.title).toBe("Out of Stock!");
    expect(result.toast?.description).toBe(`You already have all available units of "Noah's Ark" in your cart.`);
  });

  it("has no limit for an item without a stock number", () => {
    let lines = addToCart([], untracked).lines;
    for (let i = 0; i < 50; i++) lines = addToCart(lines, untracked).lines;
    expect(lines[0]!.quantity).toBe(51);
    expect(setCartQuantity(lines, "b2", 1000).lines[0]!.quantity).toBe(1000);
  });

  it("removes a line whose quantity is set to 0 or less", () => {
    const lines = addToCart([], book).lines;
    for (const q of [0, -3]) {
      const result = setCartQuantity(lines, "b1", q);
      expect(result.lines).toEqual([]);
      expect(result.toast?.title).toBe("Removed from Collection");
    }
  });

  it("caps a quantity above stock at the stock and says so", () => {
    const result = setCartQuantity(addToCart([], book).lines, "b1", 5);
    expect(result.lines[0]!.quantity).toBe(2);
    expect(result.toast).toMatchObject({
      title: "Stock Limit Reached",
      description: `Only 2 units of "Noah's Ark" are available.`,
    });
  });

  it("removes and clears with their toasts, and totals in cents", () => {
    const lines = addToCart(addToCart([], book).lines, untracked).lines;
    expect(cartItemCount(lines)).toBe(2);
    expect(cartSubtotalCents(lines)).toBe(1599 + 1799);
    expect(removeFromCart(lines, "b1").lines.map((l) => l.id)).toEqual(["b2"]);
    expect(clearCart()).toEqual({
      lines: [],
      toast: { title: "Collection Cleared", description: "Your collection is now empty." },
    });
  });

  it("reads a stored cart and rejects anything else", () => {
    const lines = addToCart([], book).lines;
    expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
    expect(parseStoredCart(null)).toEqual([]);
    // Fields of another version are left behind, not carried along.
    expect(parseStoredCart(JSON.stringify([{ ...lines[0], extra: true }]))).toEqual(lines);
    for (const bad of [
      "{",
      "42",
      '[{"id":1}]',
      '[{"id":"a","name":"x","priceCents":-1,"stock":null,"quantity":1,"image":null}]',
      '[{"id":"a","name":"x","priceCents":1,"stock":1.5,"quantity":1,"image":null}]',
      '[{"id":"a","name":"x","priceCents":1,"stock":null,"quantity":0,"image":null}]',
      '[{"id":"a","name":"x","priceCents":1,"stock":null,"quantity":1,"image":7}]',
      "[null]",
    ]) {
      expect(() => parseStoredCart(bad)).toThrow();
    }
  });
});
