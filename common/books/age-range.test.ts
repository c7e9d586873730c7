import { describe, expect, it } from "vitest";
import { parseAgeRange } from "./age-range.ts";

describe("parseAgeRange", () => {
  it("reads the labels shops write", () => {
    const cases: [string, { min: number; max: number }][] = [
      ["3-5", { min: 3, max: 5 }],
      ["Ages 4–8", { min: 4, max: 8 }],
      ["ages 4 — 8", { min: 4, max: 8 }],
      ["3 to 5", { min: 3, max: 5 }],
      ["Ages 3 - 8 years", { min: 3, max: 8 }],
      ["5+", { min: 5, max: 18 }],
      ["+3", { min: 3, max: 18 }],
      ["Ages 5 and up", { min: 5, max: 18 }],
      ["8 & older", { min: 8, max: 18 }],
      ["up to 5", { min: 0, max: 5 }],
      ["Under 3", { min: 0, max: 2 }],
      ["Age 6", { min: 6, max: 6 }],
      ["6-24 months", { min: 0, max: 2 }],
      ["All ages", { min: 0, max: 18 }],
      ["8-99", { min: 8, max: 18 }],
      ["0-2", { min: 0, max: 2 }],
    ];
    for (const [label, ages] of cases) expect(parseAgeRange(label), label).toEqual(ages);
  });

  it("gives null for a label that names no ages, or impossible ones", () => {
    for (const label of [null, undefined, "", "Toddlers", "Grown-ups", "8-3", "20+", "Ages 3, 5 or 7", "under 0"]) {
      expect(parseAgeRange(label), String(label)).toBeNull();
    }
  });
});
