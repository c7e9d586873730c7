import { describe, expect, it } from "vitest";
import { bundleAvailability } from "./bundle.ts";

describe("a bundle's availability from its parts", () => {
  it("is the fewest sets any tracked part allows, null when none is tracked", () => {
    const parts = [
      { quantity: 12, stock: 30 },
      { quantity: 1, stock: 5 },
    ];
    expect(bundleAvailability(13, parts)).toBe(2);
    expect(bundleAvailability(13, [{ ...parts[0]!, stock: 11 }, parts[1]!])).toBe(0);
    expect(bundleAvailability(13, [{ ...parts[0]!, stock: null }, parts[1]!])).toBe(5);
    expect(
      bundleAvailability(
        13,
        parts.map((part) => ({ ...part, stock: null })),
      ),
    ).toBeNull();
  });

  it("is 0, never unlimited, when a part is gone or it has none", () => {
    expect(bundleAvailability(13, [{ quantity: 12, stock: null }])).toBe(0);
    expect(bundleAvailability(0, [])).toBe(0);
    // A stock below zero (never written, but read defensively) allows no set.
    expect(bundleAvailability(1, [{ quantity: 1, stock: -3 }])).toBe(0);
  });
});
