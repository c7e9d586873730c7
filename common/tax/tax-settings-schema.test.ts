import { describe, expect, it } from "vitest";
import { checkForm } from "#common/forms/check-form.ts";
import { postedForm } from "#tests/support/posted-form.ts";
import { taxSettingsSchema } from "./tax-settings-schema.ts";

describe("the tax settings form", () => {
  it("reads the mode, home state and rates as posted", () => {
    const checked = checkForm(
      taxSettingsSchema,
      postedForm({
        taxMode: "owner-rates",
        homeState: "il",
        "rates.0.place": "US-IL",
        "rates.0.rate": "6.25",
        "rates.0.shippingTaxed": "on",
        "rates.0.collecting": "on",
        "rates.1.place": "CA",
        "rates.1.rate": "5",
      }),
    );
    expect(checked).toEqual({
      success: true,
      data: {
        taxMode: "owner-rates",
        homeState: "IL",
        rates: [
          {
            jurisdiction: "US-IL",
            country: "US",
            state: "IL",
            rateThousandths: 6250,
            shippingTaxed: true,
            collecting: true,
          },
          {
            jurisdiction: "CA",
            country: "CA",
            state: null,
            rateThousandths: 5000,
            shippingTaxed: false,
            collecting: false,
          },
        ],
      },
    });
  });

  it.each([
    ["-1", "A tax rate cannot be negative."],
    ["25.001", "A tax rate over 25 % is surely a mistake: please check it."],
    ["30", "A tax rate over 25 % is surely a mistake: please check it."],
    ["six", "Each rate must be a percentage from 0 to 25, with at most 3 decimals (e.g. 6.25)."],
  ])("refuses the rate %s", (rate, message) => {
    const checked = checkForm(
      taxSettingsSchema,
      postedForm({ taxMode: "owner-rates", "rates.0.place": "US-IL", "rates.0.rate": rate }),
    );
    expect(checked.success).toBe(false);
    if (!checked.success) expect(checked.fieldErrors["rates.0.rate"]).toBe(message);
  });

  it.each(["US-XX", "US", "ZZ", "Illinois"])("refuses the unknown place %s", (place) => {
    const checked = checkForm(
      taxSettingsSchema,
      postedForm({ taxMode: "owner-rates", "rates.0.place": place, "rates.0.rate": "5" }),
    );
    expect(checked.success).toBe(false);
    if (!checked.success)
      expect(checked.fieldErrors["rates.0.place"]).toBe("Please choose a state or country from the list.");
  });

  it("refuses an unknown home state, an unknown mode and a place twice", () => {
    const checked = checkForm(
      taxSettingsSchema,
      postedForm({
        taxMode: "avalara",
        homeState: "XX",
        "rates.0.place": "US-IL",
        "rates.0.rate": "5",
        "rates.1.place": "US-IL",
        "rates.1.rate": "6",
      }),
    );
    expect(checked.success).toBe(false);
    if (!checked.success) {
      expect(checked.fieldErrors).toMatchObject({
        taxMode: "Please choose how sales tax is computed.",
        homeState: "Please choose your home state from the list.",
        "rates.1.place": "This state or country has two rates: please keep one.",
      });
    }
  });
});
