import { describe, expect, it } from "vitest";
import { quoteShipping, shippingChargeFor } from "./checkout-rules.ts";

const standard = {
  id: "standard",
  name: "Standard Shipping",
  rule: { rateCents: 500, perItemCents: 50, freeAboveCents: 20_000 },
};

describe("shipping for priced lines", () => {
  it("counts every book, each of a set's too", () => {
    // Two books and one class set of 13: 15 books, so 14 further items at 0.50.
    const lines = [
      { quantity: 2, lineTotalCents: 2_598, booksEach: 1 },
      { quantity: 1, lineTotalCents: 14_999, booksEach: 13 },
    ];
    expect(shippingChargeFor(standard, lines)).toBe(500 + 14 * 50);
  });

  it("reads the subtotal of the lines for the free threshold", () => {
    const lines = [{ quantity: 2, lineTotalCents: 20_000, booksEach: 1 }];
    expect(quoteShipping([standard], lines)).toEqual([{ ...standard, rateCents: 0 }]);
  });
});
