import { describe, expect, it } from "vitest";
import { applyDiscount, discountedLines, percentOf, type DiscountTerms } from "./discount-rule.ts";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const NOW = new Date("2026-06-15T12:00:00Z");
const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  code: "SPRING",
  kind: "percent",
  percent: 10,
  amountCents: null,
  appliesTo: "order",
  bookIds: [],
  minQuantity: null,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  uses: 0,
  active: true,
  ...over,
});
const lines = [
  { kind: "book" as const, id: "a", quantity: 25, lineTotalCents: 25 * 799 },
  { kind: "book" as const, id: "b", quantity: 1, lineTotalCents: 1499 },
  { kind: "bundle" as const, id: "pkg-x", quantity: 1, lineTotalCents: 3999 },
];

describe("percentOf", () => {
  it("rounds half up to the cent", () => {
    expect(percentOf(1005, 10)).toBe(101); // 100.5 → 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 → 100
    expect(percentOf(1499, 15)).toBe(225); // 224.85 → 225
    expect(percentOf(1, 50)).toBe(1); // 0.5 → 1
    expect(percentOf(999, 100)).toBe(999);
  });
});

describe("applyDiscount", () => {
  it("takes a percentage of the whole order after price breaks, spread over the lines exactly", () => {
    const outcome = applyDiscount(terms({ percent: 15 }), lines, NOW, money);
    const subtotal = 25 * 799 + 1499 + 3999;
    expect(outcome).toMatchObject({ ok: true, discountCents: percentOf(subtotal, 15) });
    if (!outcome.ok) throw new Error("refused");
    expect(outcome.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(outcome.discountCents);
    const after = discountedLines(lines, outcome.lineDiscounts);
    expect(after.reduce((sum, line) => sum + line.lineTotalCents, 0)).toBe(subtotal - outcome.discountCents);
  });

  it("caps a fixed amount at the eligible subtotal and takes it only off the chosen titles", () => {
    const outcome = applyDiscount(
      terms({ kind: "fixed", percent: null, amountCents: 5000, appliesTo: "titles", bookIds: ["b"] }),
      lines,
      NOW,
      money,
    );
    expect(outcome).toEqual({ ok: true, discountCents: 1499, lineDiscounts: [0, 1499, 0] });
  });

  it("never counts a bundle as a chosen title", () => {
    const outcome = applyDiscount(terms({ appliesTo: "titles", bookIds: ["pkg-x"] }), lines, NOW, money);
    expect(outcome).toMatchObject({ ok: false, reason: "no-eligible-title" });
  });

  it.each([
    [{ active: false }, "inactive", "is not active"],
    [{ startsAt: "2026-06-16T00:00:00.000Z" }, "not-started", "cannot be used yet"],
    [{ endsAt: "2026-06-15T12:00:00.000Z" }, "expired", "has expired"],
    [{ usageLimit: 3, uses: 3 }, "exhausted", "as many times as it can be"],
    [{ minQuantity: 30 }, "minimum-quantity", "at least 30 copies"],
    [{ minSubtotalCents: 300_00 }, "minimum-subtotal", "at least $300.00"],
    [{ appliesTo: "titles", bookIds: ["zzz"] }, "no-eligible-title", "none of the titles"],
  ] as const)("refuses %o: %s", (over, reason, words) => {
    const outcome = applyDiscount(terms(over), lines, NOW, money);
    expect(outcome).toMatchObject({ ok: false, reason });
    if (outcome.ok) throw new Error("applied");
    expect(outcome.message).toContain(words);
    expect(outcome.message).toContain("SPRING");
  });

  it("reads the minimums over the eligible lines only", () => {
    const only = terms({ appliesTo: "titles", bookIds: ["b"], minQuantity: 2 });
    expect(applyDiscount(only, lines, NOW, money)).toMatchObject({ ok: false, reason: "minimum-quantity" });
    expect(applyDiscount({ ...only, minQuantity: 1 }, lines, NOW, money)).toMatchObject({ ok: true });
  });

  it("applies from its start moment up to (not at) its end moment", () => {
    const window = terms({ startsAt: NOW.toISOString(), endsAt: "2026-06-15T12:00:01.000Z" });
    expect(applyDiscount(window, lines, NOW, money)).toMatchObject({ ok: true });
  });
});
