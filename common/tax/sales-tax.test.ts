import { describe, expect, it } from "vitest";
import {
  computeSalesTax,
  formatTaxRate,
  jurisdictionOfAddress,
  parseTaxRate,
  taxOnAmount,
  usStateCode,
} from "./sales-tax.ts";

describe("the rounding rule: round half up, once per jurisdiction", () => {
  it("rounds a half cent up", () => {
    // $10.00 at 6.25 % = 62.5 ¢
    expect(taxOnAmount(1000, 6250)).toBe(63);
    // $10.01 at 5 % = 50.05 ¢
    expect(taxOnAmount(1001, 5000)).toBe(50);
    // $0.10 at 5 % = 0.5 ¢
    expect(taxOnAmount(10, 5000)).toBe(1);
  });

  it("rounds below a half cent down", () => {
    // $0.09 at 5 % = 0.45 ¢
    expect(taxOnAmount(9, 5000)).toBe(0);
    // $14.99 at 6.25 % = 93.6875 ¢
    expect(taxOnAmount(1499, 6250)).toBe(94);
    // $19.99 at 7.125 % = 142.42875 ¢
    expect(taxOnAmount(1999, 7125)).toBe(142);
  });

  it("charges nothing on nothing, or at 0 %", () => {
    expect(taxOnAmount(0, 6250)).toBe(0);
    expect(taxOnAmount(1000, 0)).toBe(0);
  });

  it("stays exact on large amounts", () => {
    // $1,000,000.00 at 25 %
    expect(taxOnAmount(100_000_000, 25_000)).toBe(25_000_000);
    expect(taxOnAmount(99_999_999, 6250)).toBe(6_250_000);
  });

  it("rounds the order's sum, not each line", () => {
    // Three lines of $0.10 at 5 %: 0.5 ¢ each would round to 3 ¢; the sum (1.5 ¢) rounds to 2 ¢.
    const tax = computeSalesTax({
      subtotalCents: 30,
      shippingCents: 0,
      rates: [{ jurisdiction: "US-XX", label: "X", rateThousandths: 5000, shippingTaxed: false }],
    });
    expect(tax.taxCents).toBe(2);
  });

  it("taxes shipping only where the jurisdiction does", () => {
    const rate = { jurisdiction: "US-IL", label: "Illinois", rateThousandths: 6250 };
    expect(
      computeSalesTax({ subtotalCents: 2998, shippingCents: 500, rates: [{ ...rate, shippingTaxed: false }] }),
    ).toEqual({
      taxCents: 187,
      lines: [{ ...rate, taxableCents: 2998, taxCents: 187 }],
    });
    expect(
      computeSalesTax({ subtotalCents: 2998, shippingCents: 500, rates: [{ ...rate, shippingTaxed: true }] }).taxCents,
    ).toBe(219); // 3498 × 6.25 % = 218.625
  });

  it("has no tax and no lines without a rate", () => {
    expect(computeSalesTax({ subtotalCents: 2998, shippingCents: 500, rates: [] })).toEqual({ taxCents: 0, lines: [] });
  });
});

describe("rates and places as typed", () => {
  it("reads a percentage with up to three decimals", () => {
    expect(parseTaxRate("6.25")).toBe(6250);
    expect(parseTaxRate("6.25 %")).toBe(6250);
    expect(parseTaxRate("7.125")).toBe(7125);
    expect(parseTaxRate("0")).toBe(0);
    expect(parseTaxRate("25")).toBe(25000);
    expect(parseTaxRate("-1")).toBeNull();
    expect(parseTaxRate("6.2501")).toBeNull();
    expect(parseTaxRate("abc")).toBeNull();
    expect(parseTaxRate("")).toBeNull();
  });

  it("writes a rate without trailing zeros", () => {
    expect(formatTaxRate(6250)).toBe("6.25 %");
    expect(formatTaxRate(7000)).toBe("7 %");
    expect(formatTaxRate(7125)).toBe("7.125 %");
  });

  it("reads a US state by code or name, any case", () => {
    expect(usStateCode("IL")).toBe("IL");
    expect(usStateCode(" il ")).toBe("IL");
    expect(usStateCode("Illinois")).toBe("IL");
    expect(usStateCode("new  york")).toBe("NY");
    expect(usStateCode("Ill.")).toBeNull();
    expect(usStateCode("")).toBeNull();
    expect(usStateCode(null)).toBeNull();
  });

  it("puts an address in its state, or its country abroad", () => {
    expect(jurisdictionOfAddress("US", "Illinois")).toBe("US-IL");
    expect(jurisdictionOfAddress("US", "Nowhere")).toBeNull();
    expect(jurisdictionOfAddress("CA", "Ontario")).toBe("CA");
  });
});
