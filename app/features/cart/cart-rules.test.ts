import { describe, expect, it } from "vitest";
import {
  addManyToCart,
  addToCart,
  capQuantity,
  cartItemCount,
  cartSubtotalCents,
  clearCart,
  lineUnitPriceCents,
  parseStoredCart,
  readQuantity,
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

  it("takes an item without a stock number up to the checkout's 99 a line, and says why it stops", () => {
    let lines = addToCart([], untracked).lines;
    for (let i = 0; i < 50; i++) lines = addToCart(lines, untracked).lines;
    expect(lines[0]!.quantity).toBe(51);
    const capped = setCartQuantity(lines, "b2", 1000);
    expect(capped.lines[0]!.quantity).toBe(99);
    expect(capped.toast).toEqual({
      title: "Quantity Limit Reached",
      description: `You can order up to 99 copies of "The Birth of Jesus" at a time. For more, please contact us.`,
      variant: "destructive",
    });
    expect(addToCart(capped.lines, untracked).toast?.title).toBe("Quantity Limit Reached");
    // A stock above 99 is bound by the same limit; a stock of 99 or less by the stock.
    expect(capQuantity({ name: "Big", stock: 500 }, 120)).toMatchObject({
      quantity: 99,
      toast: { title: "Quantity Limit Reached" },
    });
    expect(capQuantity({ name: "Small", stock: 40 }, 120)).toMatchObject({
      quantity: 40,
      toast: { title: "Stock Limit Reached", description: `Only 40 units of "Small" are available.` },
    });
    expect(capQuantity({ name: "Small", stock: 40 }, 40)).toEqual({ quantity: 40 });
  });

  it("adds a typed quantity at once, capped at what the stock leaves with the spec's message", () => {
    const twelve: CartItem = { ...book, stock: 30 };
    const first = addToCart([], twelve, 12);
    expect(first.lines[0]!.quantity).toBe(12);
    expect(first.toast).toEqual({
      title: "Added to Collection!",
      description: `12 copies of "Noah's Ark" have been added to your collection.`,
    });
    const more = addToCart(first.lines, twelve, 12);
    expect(more.lines[0]!.quantity).toBe(24);
    expect(more.toast?.description).toBe(`12 more copies of "Noah's Ark" are in your collection.`);
    // 24 held, 12 more asked for, 30 in stock: the line holds the 30.
    const capped = addToCart(more.lines, twelve, 12);
    expect(capped.lines[0]!.quantity).toBe(30);
    expect(capped.toast).toEqual({
      title: "Stock Limit Reached",
      description: `Only 30 units of "Noah's Ark" are available.`,
      variant: "destructive",
    });
    expect(addToCart(capped.lines, twelve, 1).toast?.title).toBe("Out of Stock!");
    expect(addToCart([], book, 12).lines[0]!.quantity).toBe(2);
    expect(addToCart([], { ...book, stock: 1 }, 5).toast?.description).toBe(
      `Only 1 unit of "Noah's Ark" is available.`,
    );
  });

  it("reads a typed quantity: whole numbers of at least 1 only", () => {
    expect(["1", " 12 ", "012", "999999999"].map(readQuantity)).toEqual([1, 12, 12, 999_999_999]);
    for (const bad of ["", " ", "0", "-3", "1.5", "1e3", "abc", "12a", "9999999999"]) {
      expect(readQuantity(bad), bad).toBeNull();
    }
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

describe("quantity price breaks in the cart", () => {
  const bulk: CartItem = {
    id: "b3",
    name: "David and Goliath",
    priceCents: 999,
    stock: null,
    image: null,
    priceBreaks: [
      { minQuantity: 10, unitPriceCents: 899 },
      { minQuantity: 25, unitPriceCents: 799 },
    ],
  };

  it("prices each line at the break its quantity reaches", () => {
    for (const [quantity, unit] of [
      [9, 999],
      [10, 899],
      [25, 799],
    ] as const) {
      const line = { ...bulk, quantity };
      expect(lineUnitPriceCents(line)).toBe(unit);
      expect(cartSubtotalCents([line])).toBe(unit * quantity);
    }
  });

  it("keeps a stored line's breaks, and reads a cart saved before breaks", () => {
    const stored = JSON.stringify([
      { ...bulk, quantity: 10 },
      { ...book, quantity: 1 },
    ]);
    expect(parseStoredCart(stored)).toEqual([
      { ...bulk, quantity: 10 },
      { ...book, quantity: 1 },
    ]);
  });

  it("adds many items with one toast, capped at their stock", () => {
    const change = addManyToCart(
      [],
      [
        { item: bulk, quantity: 25 },
        { item: book, quantity: 5 },
      ],
    );
    expect(change.lines.map((line) => [line.id, line.quantity])).toEqual([
      ["b3", 25],
      ["b1", 2],
    ]);
    expect(change.toast).toEqual({
      title: "Added to Collection!",
      description:
        '27 copies of 2 titles have been added to your collection. Only 2 units of "Noah\'s Ark" are available.',
      variant: "destructive",
    });
    expect(addManyToCart([], [{ item: { ...book, stock: 0 }, quantity: 1 }]).toast?.title).toBe("Out of Stock!");
  });
});
