import { describe, expect, it } from "vitest";
import { dayOfEnd, discountCodeSchema, endOfDay } from "./discount-code-schema.ts";

const base = { code: "Spring-25", kind: "percent", percent: "25", appliesTo: "order", active: "on" };
const errorsOf = (raw: Record<string, unknown>) => {
  const parsed = discountCodeSchema.safeParse(raw);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("discountCodeSchema", () => {
  it("reads a valid code", () => {
    const parsed = discountCodeSchema.parse({
      ...base,
      usageLimit: "10",
      endsOn: "2026-07-01",
      startsOn: "2026-07-01",
    });
    expect(parsed).toMatchObject({ code: "Spring-25", percent: 25, amountCents: null, usageLimit: 10, active: true });
  });

  it.each([
    [{ percent: "0" }, "percent"],
    [{ percent: "101" }, "percent"],
    [{ percent: "12.5" }, "percent"],
    [{ kind: "fixed", amount: "0" }, "amount"],
    [{ kind: "fixed", amount: "-3" }, "amount"],
    [{ code: "ab" }, "code"],
    [{ code: "with space" }, "code"],
    [{ code: "x".repeat(33) }, "code"],
    [{ startsOn: "2026-07-02", endsOn: "2026-07-01" }, "endsOn"],
    [{ usageLimit: "0" }, "usageLimit"],
    [{ perCustomerLimit: "1.5" }, "perCustomerLimit"],
    [{ minQuantity: "-1" }, "minQuantity"],
    [{ appliesTo: "titles" }, "bookIds"],
  ])("refuses %o under %s", (over, field) => {
    expect(errorsOf({ ...base, ...over })).toHaveProperty(field);
  });

  it("keeps the end day whole: it stops at the next day's start", () => {
    expect(endOfDay("2026-12-31")).toBe("2027-01-01T00:00:00.000Z");
    expect(dayOfEnd(endOfDay("2026-12-31"))).toBe("2026-12-31");
  });
});
