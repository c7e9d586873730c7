import { describe, expect, it } from "vitest";
import { centsToMoneyText, formatMoney, moneyTextToCents } from "./money.ts";

describe("moneyTextToCents", () => {
  it("reads typed amounts exactly, without floating point", () => {
    const cases = [
      ["14.99", 1499],
      ["14", 1400],
      [".5", 50],
      ["5.", 500],
      ["0.07", 7],
      ["14.990", 1499],
      [" 3 ", 300],
      ["0.29", 29],
    ] as const;
    for (const [text, cents] of cases) expect(moneyTextToCents(text), text).toBe(cents);
  });

  it("refuses what is not an amount of at least 0 with at most 2 decimals", () => {
    for (const text of ["", ".", "-1", "1.234", "1,50", "abc", "1e3", "Infinity", "1234567890123"]) {
      expect(moneyTextToCents(text), text).toBeNull();
    }
  });
});

describe("centsToMoneyText", () => {
  it("writes cents as a form field shows them", () => {
    expect(centsToMoneyText(1499)).toBe("14.99");
    expect(centsToMoneyText(5)).toBe("0.05");
    expect(centsToMoneyText(123456)).toBe("1234.56");
    expect(moneyTextToCents(centsToMoneyText(98765))).toBe(98765);
  });
});

describe("formatMoney", () => {
  it("shows dollars as the spec does, with the symbol, grouping and 2 decimals", () => {
    expect(formatMoney(1499)).toBe("$14.99");
    expect(formatMoney(1499, "USD")).toBe("$14.99");
    expect(formatMoney(123456789, "USD")).toBe("$1,234,567.89");
    expect(formatMoney(-500, "USD")).toBe("-$5.00");
  });

  it("honours the store's currency", () => {
    expect(formatMoney(1499, "EUR")).toBe("€14.99");
    expect(formatMoney(1499, "GBP")).toBe("£14.99");
    expect(formatMoney(1499, "ILS")).toBe("₪14.99");
  });

  it("writes a code without a symbol of its own before the amount, as Intl does", () => {
    expect(formatMoney(1499, "CHF")).toBe("CHF\u00a014.99");
    expect(formatMoney(1499, "XYZ")).toBe("XYZ\u00a014.99");
  });

  it("writes exactly what Intl's en-US currency format writes, for every currency with a symbol and others", () => {
    const codes = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "HKD", "MXN", "TWD", "XCD", "BRL", "CNY"];
    codes.push("INR", "ILS", "PHP", "CHF", "SEK", "ZAR", "NGN", "SGD", "NOK", "PLN", "XYZ");
    const amounts = [0, 1, 5, 99, 100, 1499, 100000, 123456789, -1, -500, -123456789, 1499.4, 1499.6];
    for (const code of codes) {
      const intl = new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      for (const cents of amounts) {
        expect(formatMoney(cents, code), `${cents} ${code}`).toBe(intl.format(Math.round(cents) / 100));
      }
    }
  });
});
