import { describe, expect, it } from "vitest";
import { resultsTable } from "./results-table.ts";

describe("the bench's results table", () => {
  it("prints each figure with its value, target and whether it is met, columns aligned", () => {
    const lines = resultsTable([
      { name: "home page SSR p50", value: 12.345, unit: "ms", target: 50 },
      { name: "order placement, 8 buyers at once", value: 40, unit: "orders/s", target: 50, atLeast: true },
      { name: "Lighthouse /: seo", value: 100, unit: "", target: 100, atLeast: true, decimals: 0 },
      { name: "Lighthouse /: CLS", value: 0.0123, unit: "", target: 0.01, decimals: 3 },
    ]);
    expect(lines).toEqual([
      "figure                                     value         target  met",
      "---------------------------------  -------------  -------------  ----",
      "home page SSR p50                        12.3 ms        ≤ 50 ms  ok",
      "order placement, 8 buyers at once  40.0 orders/s  ≥ 50 orders/s  FAIL",
      "Lighthouse /: seo                            100          ≥ 100  ok",
      "Lighthouse /: CLS                          0.012         ≤ 0.01  FAIL",
    ]);
  });

  it("counts a value equal to its target as met, for floors and ceilings alike", () => {
    const lines = resultsTable([
      { name: "ceiling", value: 50, unit: "ms", target: 50 },
      { name: "floor", value: 100, unit: "", target: 100, atLeast: true },
    ]);
    expect(lines.slice(2).map((line) => line.split(/\s+/).at(-1))).toEqual(["ok", "ok"]);
  });
});
