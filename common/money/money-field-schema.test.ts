import { describe, expect, it } from "vitest";
import { moneySchema } from "./money-field-schema.ts";

describe("moneySchema", () => {
  const schema = moneySchema({
    formatMessage: "Bad.",
    tooHighMessage: "Too high.",
    maxCents: 10_000,
    missingMessage: "Missing.",
  });
  const message = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it("puts out cents, from text or a number", () => {
    expect(schema.parse("12.50")).toBe(1250);
    expect(schema.parse(4.1)).toBe(410);
  });

  it("says what is wrong in the form's words", () => {
    expect(message("")).toBe("Missing.");
    expect(message("abc")).toBe("Bad.");
    expect(message(null)).toBe("Bad.");
    expect(message("100.01")).toBe("Too high.");
  });
});
