import { describe, expect, it } from "vitest";
import { checkoutSchema } from "./checkout-schema.ts";
import { countryOptions } from "#server/checkout/country-names.ts";
import { readPlacedOrders, rememberPlacedOrder } from "#server/checkout/placed-orders-cookie.ts";
import { checkForm } from "#common/forms/check-form.ts";
import { CHECKOUT_FIELDS } from "./cart-param.ts";

/** The form's check, as its callers make it. */
const checkCheckout = (raw: unknown) => checkForm(checkoutSchema, raw, CHECKOUT_FIELDS);

const VALID = {
  checkoutToken: "abcdefghijklmnopqrstuvwx",
  items: "book-1:2,pkg-disciple:1",
  email: " ruth@example.com ",
  fullName: "Ruth",
  country: "US",
  street: "1 Main St",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  shippingMethodId: "standard",
  paymentMethod: "invoice",
  organisation: "",
  phone: "",
};

describe("checkout schema", () => {
  it("accepts a complete form: trimmed text, empty optionals as null, lines as ids and quantities", () => {
    const checked = checkCheckout(VALID);
    expect(checked.success).toBe(true);
    if (!checked.success) return;
    expect(checked.data).toMatchObject({
      email: "ruth@example.com",
      organisation: null,
      phone: null,
      poNumber: null,
      items: [
        { id: "book-1", quantity: 2 },
        { id: "pkg-disciple", quantity: 1 },
      ],
    });
    expect(checked.data.quotedSubtotalCents).toBeUndefined();
  });

  it.each([
    ["items", { items: "book-1:0" }, "Each quantity must be a whole number of at least 1."],
    ["items", { items: "book-1:-1" }, "Each quantity must be a whole number of at least 1."],
    ["items", { items: "book-1:2.5" }, "Each quantity must be a whole number of at least 1."],
    ["items", { items: "book-1:1e2" }, "Each quantity must be a whole number of at least 1."],
    ["items", { items: "book-1:100" }, "You can order at most 99 of each item."],
    ["items", { items: "book-1:1,book-1:2" }, "An item appears twice in your order."],
    ["items", { items: "a b:1" }, "An item in your order is not one we sell."],
    ["items", { items: `${"x".repeat(65)}:1` }, "An item in your order is not one we sell."],
    ["items", { items: "" }, "Your order has no items."],
    ["email", { email: "nope" }, "Please enter a valid email address."],
    ["fullName", { fullName: " " }, "Please enter your full name."],
    ["phone", { phone: "call me" }, "Please enter a valid phone number."],
    ["country", { country: "XX" }, "Please choose a country."],
    ["region", { region: "" }, "Please enter your state."],
    ["region", { region: "Ill." }, "Please enter a US state, as its name or its two letters (e.g. Illinois or IL)."],
    ["postalCode", { postalCode: "" }, "Please enter your ZIP code."],
    ["paymentMethod", { paymentMethod: "crypto" }, "Please choose how you would like to pay."],
    ["checkoutToken", { checkoutToken: "short" }, "This checkout page has expired. Please reload it."],
    ["street", { street: "x".repeat(201) }, "Please keep the street address to 200 characters or fewer."],
  ])("refuses a bad %s: %j", (field, values, message) => {
    const checked = checkCheckout({ ...VALID, ...values });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(checked.fieldErrors[field as keyof typeof checked.fieldErrors]).toBe(message);
  });

  it("takes a US state by its two letters or its name, any case (sales tax is decided by it)", () => {
    // Territories and military post offices too (APO/FPO), where no state's tax applies.
    for (const region of ["IL", "il", "Illinois", "new york", "AE", "ap", "Guam", "Puerto Rico", "VI"]) {
      expect(checkCheckout({ ...VALID, country: "US", region }).success).toBe(true);
    }
  });

  it("needs no state or postal code outside the United States", () => {
    expect(checkCheckout({ ...VALID, country: "GB", region: "", postalCode: "" }).success).toBe(true);
  });

  it("lists the United States first, then by name, limited to the store's countries", () => {
    expect(countryOptions(null)[0]).toEqual({ code: "US", name: "United States" });
    expect(countryOptions(["GB", "US", "CA"]).map((c) => c.name)).toEqual([
      "United States",
      "Canada",
      "United Kingdom",
    ]);
  });
});

describe("placed-orders cookie", () => {
  const options = { appSecret: "k".repeat(40), secure: true };
  const header = (setCookie: string) => setCookie.split(";")[0]!;

  it("remembers the last five orders, newest first, signed, httpOnly and Secure on https", () => {
    let cookie = "";
    for (const id of ["ORD-1", "ORD-2", "ORD-3", "ORD-4", "ORD-5", "ORD-6", "ORD-2"]) {
      const setCookie = rememberPlacedOrder(cookie, id, options);
      expect(setCookie).toContain("HttpOnly; SameSite=Lax; Secure");
      cookie = header(setCookie);
    }
    expect(readPlacedOrders(`other=1; ${cookie}`, options.appSecret)).toEqual([
      "ORD-2",
      "ORD-6",
      "ORD-5",
      "ORD-4",
      "ORD-3",
    ]);
  });

  it("ignores an altered cookie or another secret", () => {
    const cookie = header(rememberPlacedOrder(null, "ORD-1", options));
    expect(readPlacedOrders(cookie.replace("ORD-1", "ORD-9"), options.appSecret)).toEqual([]);
    expect(readPlacedOrders(cookie, "z".repeat(40))).toEqual([]);
    expect(readPlacedOrders("shop_placed_orders=garbage", options.appSecret)).toEqual([]);
  });
});
