import { describe, expect, it } from "vitest";
import { breakFor, lowestBreak, priceBreakProblems, readPriceBreaks, unitPriceFor } from "./price-breaks.ts";

const BREAKS = [
  { minQuantity: 10, unitPriceCents: 899 },
  { minQuantity: 25, unitPriceCents: 799 },
];
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("unitPriceFor", () => {
  it.each([
    [1, 999],
    [9, 999],
    [10, 899],
    [24, 899],
    [25, 799],
    [99, 799],
  ])("%i copies cost %i cents each", (quantity, cents) => {
    expect(unitPriceFor(999, BREAKS, quantity)).toBe(cents);
  });

  it("never charges a break above a list price lowered since", () => {
    expect(unitPriceFor(850, BREAKS, 10)).toBe(850);
    expect(unitPriceFor(850, BREAKS, 25)).toBe(799);
  });

  it("names the break reached, and the lowest one", () => {
    expect(breakFor(999, BREAKS, 9)).toBeUndefined();
    expect(breakFor(999, BREAKS, 12)).toEqual(BREAKS[0]);
    expect(lowestBreak(999, BREAKS)).toEqual(BREAKS[1]);
    expect(lowestBreak(999, [])).toBeUndefined();
  });
});

describe("priceBreakProblems", () => {
  const rows = (...breaks: [number, number][]) =>
    breaks.map(([minQuantity, unitPriceCents], index) => ({ index, minQuantity, unitPriceCents }));

  it("accepts increasing thresholds with decreasing prices below the list price", () => {
    expect(priceBreakProblems(999, rows([10, 899], [25, 799]), usd)).toEqual([]);
  });

  it("refuses a threshold that repeats or goes down (rows that overlap)", () => {
    expect(priceBreakProblems(999, rows([10, 899], [10, 799]), usd)).toEqual([
      {
        index: 1,
        field: "minQuantity",
        message: "Each price break must start at a larger quantity than the one above it (10+).",
      },
    ]);
    expect(priceBreakProblems(999, rows([25, 899], [10, 799]), usd)[0]?.field).toBe("minQuantity");
  });

  it("refuses a price not below the list price, or not below the row above", () => {
    expect(priceBreakProblems(999, rows([10, 999]), usd)).toEqual([
      { index: 0, field: "price", message: "A price break must be below the list price ($9.99)." },
    ]);
    expect(priceBreakProblems(999, rows([10, 799], [25, 799]), usd)).toEqual([
      { index: 1, field: "price", message: "Each price break must be below the one above it ($7.99)." },
    ]);
  });
});

describe("readPriceBreaks", () => {
  it("reads stored JSON, and anything odd as no breaks", () => {
    expect(readPriceBreaks(JSON.stringify(BREAKS))).toEqual(BREAKS);
    expect(readPriceBreaks("not json")).toEqual([]);
    expect(readPriceBreaks('[{"minQuantity":1,"unitPriceCents":5}]')).toEqual([]);
    expect(readPriceBreaks(undefined)).toEqual([]);
  });
});
