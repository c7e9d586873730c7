import { describe, expect, it } from "vitest";
import { invoiceDueDate, paymentTermDays } from "./payment-terms.ts";

describe("payment terms", () => {
  it("reads the days the store's terms give", () => {
    const cases: [string, number | null][] = [
      ["Net 30", 30],
      ["net30", 30],
      ["NET-15", 15],
      ["Net 30 days", 30],
      ["Net 30 <days>", 30],
      ["2/10 Net 30", 30],
      ["30 days", 30],
      ["Payment within 14 calendar days", 14],
      ["Due on receipt", 0],
      ["Payable upon receipt", 0],
      ["Immediate", 0],
      ["COD", 0],
      ["Net 10 EOM", null],
      ["Payable by the end of the month", null],
      ["Within a month", null],
      ["Net 999", null],
      ["", null],
    ];
    for (const [terms, days] of cases) expect(paymentTermDays(terms), terms).toBe(days);
  });

  it("dates the invoice's due date that many days after the invoice date; on receipt without terms", () => {
    expect(invoiceDueDate("2026-11-20T10:00:00.000Z", "Net 30")).toBe("2026-12-20T10:00:00.000Z");
    expect(invoiceDueDate("2026-02-27T23:30:00.000Z", "Net 2")).toBe("2026-03-01T23:30:00.000Z");
    expect(invoiceDueDate("2026-11-20T10:00:00.000Z", null)).toBe("2026-11-20T10:00:00.000Z");
    expect(invoiceDueDate("2026-11-20T10:00:00.000Z", "Net 10 EOM")).toBeNull();
    expect(invoiceDueDate("not a date", "Net 30")).toBeNull();
  });
});
