import { describe, expect, it } from "vitest";
import {
  CLEAR_PAYPAL_SECRET_FIELD,
  CLEAR_SECRET_FIELD,
  settingsInputFromFormData,
  shippingFieldName,
} from "./settings-form-data.ts";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe("settingsInputFromFormData", () => {
  it("reads the numbered shipping fields as rows in index order, a missing rate as empty text", () => {
    const input = settingsInputFromFormData(
      formOf([
        ["storeName", "Little Scrolls"],
        [shippingFieldName(1, "name"), "Express"],
        [shippingFieldName(1, "rate"), "9.00"],
        [shippingFieldName(0, "id"), "std"],
        [shippingFieldName(0, "name"), "Standard"],
        [shippingFieldName(0, "enabled"), "on"],
      ]),
    );
    expect(input.storeName).toBe("Little Scrolls");
    expect(input.shippingMethods).toEqual([
      { id: "std", name: "Standard", rate: "", enabled: "on" },
      { id: undefined, name: "Express", rate: "9.00", enabled: undefined },
    ]);
  });

  it("leaves out a row whose index has more than two digits", () => {
    const input = settingsInputFromFormData(
      formOf([
        [shippingFieldName(0, "name"), "Standard"],
        ["shippingMethods.999999.name", "Huge"],
        ["shippingMethods.100.rate", "1"],
      ]),
    );
    expect(input.shippingMethods).toEqual([{ id: undefined, name: "Standard", rate: "", enabled: undefined }]);
  });

  it("derives each secret's action: keep when empty, replace when typed, clear when ticked", () => {
    expect(settingsInputFromFormData(formOf([["stripeSecretKey", "  "]]))).toMatchObject({
      stripeSecretKeyAction: "keep",
      stripeSecretKey: null,
    });
    expect(settingsInputFromFormData(formOf([["stripeSecretKey", " sk_test_1 "]]))).toMatchObject({
      stripeSecretKeyAction: "replace",
      stripeSecretKey: "sk_test_1",
    });
    const cleared = settingsInputFromFormData(
      formOf([
        ["stripeSecretKey", "sk_test_1"],
        [CLEAR_SECRET_FIELD, "on"],
        ["stripeWebhookSecret", "whsec_1"],
      ]),
    );
    expect(cleared).toMatchObject({
      stripeSecretKeyAction: "clear",
      stripeSecretKey: null,
      stripeWebhookSecretAction: "replace",
      stripeWebhookSecret: "whsec_1",
    });
    expect(settingsInputFromFormData(formOf([["paypalClientSecret", " EB-1 "]]))).toMatchObject({
      paypalClientSecretAction: "replace",
      paypalClientSecret: "EB-1",
    });
    expect(
      settingsInputFromFormData(
        formOf([
          ["paypalClientSecret", "EB-1"],
          [CLEAR_PAYPAL_SECRET_FIELD, "on"],
          ["paypalEnvironment", "live"],
        ]),
      ),
    ).toMatchObject({ paypalClientSecretAction: "clear", paypalClientSecret: null, paypalEnvironment: "live" });
  });
});
