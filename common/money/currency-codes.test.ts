import { describe, expect, it } from "vitest";
import { ISO_CURRENCY_CODES, isIsoCurrencyCode, SHOP_CURRENCY_CODES } from "./currency-codes.ts";

describe("the ISO 4217 currency list", () => {
  it("holds each code once, in order, and every one is a currency Intl knows and names", () => {
    expect(new Set(ISO_CURRENCY_CODES).size).toBe(ISO_CURRENCY_CODES.length);
    expect([...ISO_CURRENCY_CODES].sort()).toEqual(ISO_CURRENCY_CODES);
    const known = new Set(Intl.supportedValuesOf("currency"));
    const names = new Intl.DisplayNames("en-US", { type: "currency", fallback: "none" });
    for (const code of ISO_CURRENCY_CODES) {
      expect(known.has(code), code).toBe(true);
      expect(names.of(code), code).toMatch(/\w/);
    }
  });

  it("accepts only listed codes, written as ISO writes them", () => {
    for (const code of ["USD", "EUR", "GBP", "CAD", "ZAR", "JPY"]) expect(isIsoCurrencyCode(code), code).toBe(true);
    for (const code of ["DOL", "usd", "US", "XAU", "XXX", "DEM", ""]) expect(isIsoCurrencyCode(code), code).toBe(false);
  });

  it("offers the shop only currencies counted in hundredths", () => {
    expect(SHOP_CURRENCY_CODES).toContain("USD");
    expect(SHOP_CURRENCY_CODES).toContain("EUR");
    for (const code of ["JPY", "KRW", "KWD", "BHD", "CLP"]) expect(SHOP_CURRENCY_CODES, code).not.toContain(code);
  });
});
