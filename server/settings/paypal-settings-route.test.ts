import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { enablePayPalPayments } from "#tests/support/payment-settings.ts";
import { TEST_PAYPAL_CLIENT_SECRET } from "#tests/support/paypal-stand-in.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { signedInCookie } from "#tests/support/test-sessions.ts";
import { STORE_SETTINGS_ID } from "./default-settings.ts";

// The Store Settings screen's PayPal part, through the real app and build.
describe("the Store Settings screen's PayPal section", () => {
  const [t, setT] = useFixtureSetByTests<TestApp>();

  const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

  it("says what checkout still needs for PayPal, shows the webhook URL to register, and never the secret", async () => {
    setT(await createTestApp("sqlite", { env: { PUBLIC_URL: "https://shop.example" } }));
    const admin = await signedInCookie(t.services, "owner@example.com", { admin: true });
    const page = async () => textOf(await t.app.request("/admin/settings", { headers: { Cookie: admin } }));

    const before = await page();
    expect(before).toContain("As saved, PayPal is not offered at checkout yet. Still needed: switch PayPal on");
    expect(before).toContain("https://shop.example/webhooks/paypal");

    await enablePayPalPayments(t.services.db, t.services.env.APP_SECRET, { merchantId: null });
    const missing = await page();
    expect(missing).toContain("Still needed: the merchant ID.");
    expect(missing).toContain("A client secret is set (ending in 0000).");
    expect(missing).not.toContain(TEST_PAYPAL_CLIENT_SECRET);

    await t.services.db
      .updateTable("store_settings")
      .set({ paypal_merchant_id: "LSTESTMERCH01" })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
    expect(await page()).toContain("As saved, PayPal is offered at checkout.");
  });
});
