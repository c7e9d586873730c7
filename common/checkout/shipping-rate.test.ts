import { describe, expect, it } from "vitest";
import { formatMoney } from "#common/money/money.ts";
import { describeShippingRule, shippingCharge } from "./shipping-rate.ts";

const flat = { rateCents: 500, perItemCents: 0, freeAboveCents: null };
const perItem = { rateCents: 500, perItemCents: 50, freeAboveCents: 7500 };
const money = (cents: number) => formatMoney(cents, "USD");

describe("shippingCharge", () => {
  it("charges a flat rate whatever the order holds when no per-item amount is set", () => {
    expect(shippingCharge(flat, { items: 1, subtotalCents: 999 })).toBe(500);
    expect(shippingCharge(flat, { items: 40, subtotalCents: 39_960 })).toBe(500);
  });

  it("adds the per-item amount for every item after the first", () => {
    expect(shippingCharge(perItem, { items: 1, subtotalCents: 1399 })).toBe(500);
    expect(shippingCharge(perItem, { items: 4, subtotalCents: 5596 })).toBe(650);
  });

  it("ships free from the threshold on, and charges one cent below it", () => {
    expect(shippingCharge(perItem, { items: 6, subtotalCents: 7499 })).toBe(750);
    expect(shippingCharge(perItem, { items: 6, subtotalCents: 7500 })).toBe(0);
  });

  it("charges the rate alone for an empty cart", () => {
    expect(shippingCharge(perItem, { items: 0, subtotalCents: 0 })).toBe(500);
  });
});

describe("describeShippingRule", () => {
  it("says the rate, the per-item amount and the threshold in words", () => {
    expect(describeShippingRule(flat, money)).toBe("$5.00");
    expect(describeShippingRule(perItem, money)).toBe(
      "$5.00, plus $0.50 for each further item; free on orders of $75.00 or more",
    );
  });
});
