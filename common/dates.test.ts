import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatLongDate, formatTimeOfDay } from "./dates.ts";

describe("dates", () => {
  // 23:30 UTC: a day later than in the Americas, so a formatter using the local time zone would show it.
  const lateEvening = "2025-07-03T23:30:00.000Z";

  it("shows dates in UTC, in the shop's words", () => {
    expect(formatDate(lateEvening)).toBe("Jul 3, 2025");
    expect(formatLongDate(lateEvening)).toBe("July 3, 2025");
    expect(formatDate("2025-06-10")).toBe("Jun 10, 2025");
    expect(formatLongDate("2025-06-12")).toBe("June 12, 2025");
  });

  it("writes dates as Intl's en-US medium and long formats in UTC do, every month", () => {
    const medium = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    const long = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(Date.UTC(2026, month, day, 23, 59));
        expect(formatDate(date.toISOString())).toBe(medium.format(date));
        expect(formatLongDate(date.toISOString())).toBe(long.format(date));
      }
    }
  });

  it("writes times of day from the UTC digits, in ASCII only", () => {
    expect(formatDateTime("2025-07-03T14:05:09.000Z")).toBe("Jul 3, 2025, 14:05 UTC");
    expect(formatDateTime(lateEvening)).toBe("Jul 3, 2025, 23:30 UTC");
    expect(formatTimeOfDay("2025-06-12T17:45:00Z")).toBe("5:45 PM UTC");
    expect(formatTimeOfDay("2025-06-12T00:05:00Z")).toBe("12:05 AM UTC");
    expect(formatTimeOfDay("2025-06-12T12:00:00Z")).toBe("12:00 PM UTC");
    for (const text of [formatDateTime(lateEvening), formatTimeOfDay(lateEvening)])
      expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it("shows text that is not a date as it is", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatLongDate("soon")).toBe("soon");
    expect(formatDateTime("soon")).toBe("soon");
    expect(formatTimeOfDay("soon")).toBe("");
  });
});
