import { describe, expect, it } from "vitest";
import { ISO_COUNTRY_CODES } from "./country-codes.ts";
import {
  storeSettingsFormSchema,
  lowStockThresholdSchema,
  maintenanceModeFormSchema,
  postalAddressSchema,
  shippingCountriesSchema,
  shippingRateSchema,
  SETTINGS_LIMITS,
} from "./settings-schema.ts";
import { checkForm } from "#common/forms/check-form.ts";

/** The form's check, as its callers make it. */
const checkSettings = (raw: unknown) => checkForm(storeSettingsFormSchema, raw);

const VALID = {
  storeName: " Little Scrolls Press ",
  contactEmail: " hello@littlescrolls.example ",
  currency: "usd",
  enableStripe: "on",
  stripePublishableKey: "",
  stripeSecretKeyAction: "keep",
  enablePaypal: false,
  paypalClientId: "  ",
  shippingMethods: [
    { id: "a", name: "Standard Shipping", rate: "5", enabled: true },
    { id: "", name: "Express", rate: "15.5", perItem: "0.75", freeAbove: "100", enabled: "true" },
  ],
};

describe("store settings form", () => {
  it("normalises a valid form", () => {
    const checked = checkSettings(VALID);
    expect(checked).toEqual({
      success: true,
      data: {
        storeName: "Little Scrolls Press",
        contactEmail: "hello@littlescrolls.example",
        postalAddress: null,
        currency: "USD",
        enableStripe: true,
        stripePublishableKey: null,
        stripeSecretKeyAction: "keep",
        stripeSecretKey: null,
        stripeWebhookSecretAction: "keep",
        stripeWebhookSecret: null,
        enablePaypal: false,
        paypalClientId: null,
        paypalClientSecretAction: "keep",
        paypalClientSecret: null,
        paypalWebhookId: null,
        paypalMerchantId: null,
        paypalEnvironment: "sandbox",
        enableInvoice: false,
        invoiceTerms: null,
        enableMaintenanceMode: false,
        lowStockThreshold: 5,
        shippingCountries: [],
        shippingMethods: [
          { id: "a", name: "Standard Shipping", rate: 500, perItem: 0, freeAbove: null, enabled: true },
          { id: null, name: "Express", rate: 1550, perItem: 75, freeAbove: 10_000, enabled: true },
        ],
        socialLinks: [],
      },
    });
  });

  it("turns rate text into exact cents, read as the book form reads a price", () => {
    const cases = [
      ["0", 0],
      ["0.5", 50],
      [".5", 50],
      ["5.", 500],
      ["5.00", 500],
      ["5.500", 550],
      ["19.99", 1999],
      ["0.07", 7],
      [" 12 ", 1200],
      [4.1, 410],
      ["100000", 10_000_000],
    ] as const;
    for (const [input, cents] of cases) expect(shippingRateSchema.parse(input)).toBe(cents);
    for (const bad of ["", "-1", "1.234", "1,50", "abc", ".", "1e3", "Infinity", -2, 0.001, "100000.01", null]) {
      expect(shippingRateSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("reports each invalid field with a user-readable message", () => {
    const NO_HUNDREDTHS =
      "The shop keeps prices in hundredths, so it cannot sell in a currency without them (such as JPY or KWD). Please choose one with cents, such as USD or EUR.";
    const cases = [
      [{ storeName: "  " }, "storeName", "Please enter the store name."],
      [{ contactEmail: "not-an-email" }, "contactEmail", "Please enter a valid contact email address."],
      [{ currency: "US" }, "currency", "Please choose a currency from the list."],
      [{ currency: "US$" }, "currency", "Please choose a currency from the list."],
      [{ currency: "dollars" }, "currency", "Please choose a currency from the list."],
      [{ currency: "DOL" }, "currency", "Please choose a currency from the list."],
      [{ currency: "XAU" }, "currency", "Please choose a currency from the list."],
      [{ currency: "JPY" }, "currency", NO_HUNDREDTHS],
      [{ currency: "krw" }, "currency", NO_HUNDREDTHS],
      [{ currency: "KWD" }, "currency", NO_HUNDREDTHS],
      [
        { shippingMethods: [{ name: "Cheap", rate: "-1", enabled: true }] },
        "shippingMethods.0.rate",
        "Shipping rates must be a number of 0 or more, with at most 2 decimals (e.g. 5.00).",
      ],
      [
        { shippingMethods: [{ name: "Cheap", rate: "1.999", enabled: true }] },
        "shippingMethods.0.rate",
        "Shipping rates must be a number of 0 or more, with at most 2 decimals (e.g. 5.00).",
      ],
      [
        { shippingMethods: [{ name: "Bulk", rate: "5", perItem: "-0.5", enabled: true }] },
        "shippingMethods.0.perItem",
        "The amount for each further item must be a number of 0 or more, with at most 2 decimals (e.g. 0.50).",
      ],
      [
        { shippingMethods: [{ name: "Bulk", rate: "5", freeAbove: "lots", enabled: true }] },
        "shippingMethods.0.freeAbove",
        "The free shipping threshold must be a number of 0 or more, with at most 2 decimals (e.g. 75.00).",
      ],
      [
        { shippingMethods: [{ name: "Bulk", rate: "5", freeAbove: "100001", enabled: true }] },
        "shippingMethods.0.freeAbove",
        "The free shipping threshold must be at most 100000.00.",
      ],
      [
        {
          shippingMethods: [
            { name: "Ok", rate: "1", enabled: true },
            { name: " ", rate: "2", enabled: true },
          ],
        },
        "shippingMethods.1.name",
        "Please name each enabled shipping method.",
      ],
      [
        { stripeSecretKeyAction: "replace", stripeSecretKey: "  " },
        "stripeSecretKey",
        "Please enter the new Stripe secret key.",
      ],
      [
        { stripeWebhookSecretAction: "replace", stripeWebhookSecret: "" },
        "stripeWebhookSecret",
        "Please enter the new webhook signing secret.",
      ],
      [
        { stripeWebhookSecretAction: "reveal" },
        "stripeWebhookSecretAction",
        "Please choose whether to keep, replace or clear the webhook signing secret.",
      ],
      [
        { stripeWebhookSecretAction: "replace", stripeWebhookSecret: `whsec_${"x".repeat(255)}` },
        "stripeWebhookSecret",
        "The webhook signing secret must be 255 characters or fewer.",
      ],
      [{ enableInvoice: "on" }, "invoiceTerms", "Please enter the payment terms for invoices, e.g. Net 30."],
      [
        { enableInvoice: "on", invoiceTerms: "   " },
        "invoiceTerms",
        "Please enter the payment terms for invoices, e.g. Net 30.",
      ],
      [
        { enableInvoice: "on", invoiceTerms: "N".repeat(201) },
        "invoiceTerms",
        "The payment terms must be 200 characters or fewer.",
      ],
      [
        { shippingCountries: "US, XX" },
        "shippingCountries",
        "Unknown country code: XX. Use 2-letter ISO codes such as US, CA or GB, separated by commas.",
      ],
      [
        { shippingCountries: "usa, eu, uk" },
        "shippingCountries",
        "Unknown country codes: USA, EU, UK. Use 2-letter ISO codes such as US, CA or GB, separated by commas.",
      ],
      [{ shippingCountries: "US,".repeat(400) }, "shippingCountries", "The list of countries is too long."],
      [{ shippingCountries: 42 }, "shippingCountries", "The countries the store ships to must be text."],
      [
        { stripeSecretKeyAction: "show" },
        "stripeSecretKeyAction",
        "Please choose whether to keep, replace or clear the Stripe secret key.",
      ],
    ] as const;
    for (const [change, field, message] of cases) {
      const checked = checkSettings({ ...VALID, ...change });
      expect(checked, field).toMatchObject({
        success: false,
        message: message,
        fieldErrors: { [field]: message },
      });
    }
  });

  it("lets a disabled shipping method go without a name", () => {
    const checked = checkSettings({ ...VALID, shippingMethods: [{ name: "", rate: "0", enabled: false }] });
    expect(checked.success && checked.data.shippingMethods).toEqual([
      { id: null, name: "", rate: 0, perItem: 0, freeAbove: null, enabled: false },
    ]);
  });

  it.each([
    { secret: "stripeSecretKey", sent: " sk_live_x ", kept: "sk_live_x", otherActions: ["keep"], dropped: "sk_live_x" },
    {
      secret: "stripeWebhookSecret",
      sent: " whsec_abc ",
      kept: "whsec_abc",
      otherActions: ["keep", "clear"],
      dropped: "whsec_x",
    },
  ] as const)(
    "keeps the $secret only when it is to replace the stored one",
    ({ secret, sent, kept, otherActions, dropped }) => {
      const replace = checkSettings({ ...VALID, [`${secret}Action`]: "replace", [secret]: sent });
      expect(replace.success && replace.data[secret]).toBe(kept);
      for (const action of otherActions) {
        const other = checkSettings({ ...VALID, [`${secret}Action`]: action, [secret]: dropped });
        expect(other.success && other.data[secret], action).toBeNull();
      }
    },
  );

  it("reports the cross-field checks together with other fields' errors", () => {
    const checked = checkSettings({
      ...VALID,
      enableInvoice: "on",
      invoiceTerms: "",
      stripeWebhookSecretAction: "replace",
      shippingCountries: "us, xx",
      shippingMethods: [{ name: "Cheap", rate: "-1", enabled: true }],
    });
    expect(checked.success === false && Object.keys(checked.fieldErrors).sort()).toEqual([
      "invoiceTerms",
      "shippingCountries",
      "shippingMethods.0.rate",
      "stripeWebhookSecret",
    ]);
  });

  it("takes invoice terms, and keeps them while invoices are off", () => {
    const on = checkSettings({ ...VALID, enableInvoice: "on", invoiceTerms: " Net 30 " });
    expect(on.success && [on.data.enableInvoice, on.data.invoiceTerms]).toEqual([true, "Net 30"]);
    const off = checkSettings({ ...VALID, invoiceTerms: "Net 15" });
    expect(off.success && [off.data.enableInvoice, off.data.invoiceTerms]).toEqual([false, "Net 15"]);
  });

  it("reads the postal address as trimmed lines, drops empty ones, and stores nothing for an empty box", () => {
    expect(postalAddressSchema.parse(" 12 Elm Street \r\n\r\n  Springfield, IL 62704\nUSA ")).toBe(
      "12 Elm Street\nSpringfield, IL 62704\nUSA",
    );
    for (const empty of ["", "  \n \r\n", null, undefined]) expect(postalAddressSchema.parse(empty)).toBeNull();
    expect(checkSettings({ ...VALID, postalAddress: "a\nb\nc\nd\ne\nf\ng" })).toMatchObject({
      success: false,
      fieldErrors: { postalAddress: "The postal address must be 6 lines or fewer." },
    });
    expect(checkSettings({ ...VALID, postalAddress: "x".repeat(SETTINGS_LIMITS.postalAddress + 1) })).toMatchObject({
      success: false,
      fieldErrors: { postalAddress: "The postal address must be 300 characters or fewer." },
    });
  });

  it("reads the countries the store ships to: any case, commas or spaces, each once; empty is everywhere", () => {
    const cases = [
      ["", []],
      ["   ", []],
      [null, []],
      [undefined, []],
      ["us", ["US"]],
      [" us, ca ,GB", ["US", "CA", "GB"]],
      ["us ca;gb,,us", ["US", "CA", "GB"]],
      [
        ["de", "FR"],
        ["DE", "FR"],
      ],
    ] as const;
    for (const [input, codes] of cases) expect(shippingCountriesSchema.parse(input), String(input)).toEqual(codes);
    expect(shippingCountriesSchema.parse(ISO_COUNTRY_CODES.join(", "))).toHaveLength(249);
    for (const code of ["EU", "UN", "XK", "ZZ", "UK", "U", "USA", "1", "ü"]) {
      expect(shippingCountriesSchema.safeParse(code).success, code).toBe(false);
    }
  });

  it("treats anything but an object as an empty form", () => {
    const checked = checkSettings("nonsense");
    expect(checked).toMatchObject({
      success: false,
      fieldErrors: {
        storeName: "Please enter the store name.",
        contactEmail: "Please enter the contact email address.",
        currency: "Please choose a currency from the list.",
      },
    });
  });

  it("reads the low-stock threshold as a whole number from 0 to 100000; empty is the default 5", () => {
    const cases = [
      ["", 5],
      [null, 5],
      [undefined, 5],
      ["0", 0],
      [" 12 ", 12],
      [7, 7],
      ["100000", 100_000],
    ] as const;
    for (const [input, threshold] of cases) expect(lowStockThresholdSchema.parse(input), String(input)).toBe(threshold);
    for (const bad of ["-1", "2.5", "1e3", "100001", "five", -3, 1.5, Number.NaN, "0x10"]) {
      expect(lowStockThresholdSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(checkSettings({ ...VALID, lowStockThreshold: "-1" })).toMatchObject({
      success: false,
      fieldErrors: { lowStockThreshold: "The low-stock threshold must be a whole number from 0 to 100000." },
    });
  });
});

describe("maintenanceModeFormSchema", () => {
  it("reads the Coming Soon checkbox: 'on' is on, nothing or empty is off, anything else is refused", () => {
    expect(maintenanceModeFormSchema.parse({ enableMaintenanceMode: "on" })).toEqual({ enableMaintenanceMode: true });
    expect(maintenanceModeFormSchema.parse({})).toEqual({ enableMaintenanceMode: false });
    expect(maintenanceModeFormSchema.parse({ enableMaintenanceMode: "" })).toEqual({ enableMaintenanceMode: false });
    for (const odd of ["yes", "on\u0000"]) {
      const parsed = maintenanceModeFormSchema.safeParse({ enableMaintenanceMode: odd });
      expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(
        "Please choose whether maintenance mode is on or off.",
      );
    }
  });
});
