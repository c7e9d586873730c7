import { describe, expect, it } from "vitest";
import { emailAddressSchema } from "./email-address-schema.ts";

describe("emailAddressSchema", () => {
  it("trims a valid address", () => {
    expect(emailAddressSchema().parse("  ruth@example.com ")).toBe("ruth@example.com");
  });

  it("says an address is missing, invalid or too long in the form's own words", () => {
    const schema = emailAddressSchema({ missing: "Missing.", invalid: "Invalid.", maxLength: 20 });
    const message = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(message(undefined)).toBe("Missing.");
    expect(message("   ")).toBe("Missing.");
    expect(message("not an address")).toBe("Invalid.");
    expect(message(`${"a".repeat(20)}@example.com`)).toBe("Invalid.");
  });

  it("uses the shop's usual words by default", () => {
    expect(emailAddressSchema().safeParse("").error?.issues[0]?.message).toBe("Please enter your email address.");
    expect(emailAddressSchema().safeParse("x@").error?.issues[0]?.message).toBe("Please enter a valid email address.");
    expect(emailAddressSchema().safeParse(`${"a".repeat(250)}@example.com`).success).toBe(false);
  });
});
