import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { loadCheckout } from "#server/checkout/load-checkout.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database.ts";
import { CheckoutForm } from "./checkout-form.tsx";

/**
 * The checkout form's refusals, rendered as the page renders them after a refused post (no
 * browser): the fast tier beside tests/e2e/checkout.test.ts, which drives the same states in
 * Chromium.
 */
describe("the checkout form after a refused post", () => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  async function page() {
    testDb = await createTestDatabase("sqlite");
    await enableInvoicePayments(testDb.handle.db);
    return loadCheckout(
      { db: testDb.handle.db, env: { APP_SECRET: "c".repeat(40) }, clock: () => new Date() },
      { cart: "pkg-disciple:1", viewer: null },
    );
  }

  it("shows each field's message under it, marks it invalid, and lists them in the summary", async () => {
    const html = renderToStaticMarkup(
      <CheckoutForm
        page={await page()}
        failure={{
          code: "VALIDATION",
          message: "Please enter a valid email address.",
          fieldErrors: { email: "Please enter a valid email address.", city: "Please enter your city." },
        }}
        values={{ email: "not-an-address", fullName: "Ruth Reader", city: "" }}
      />,
    );
    expect(html).toContain('data-testid="checkout-errors"');
    expect(html).toContain("Please check your order");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="email"|<input[^>]*name="email"[^>]*aria-invalid="true"/,
    );
    expect(html).toContain("Please enter your city.");
    // What the buyer typed comes back.
    expect(html).toContain('value="not-an-address"');
    expect(html).toContain('value="Ruth Reader"');
  });

  it("shows a refusal of the whole order (sold out) in the summary, no field marked", async () => {
    const html = renderToStaticMarkup(
      <CheckoutForm
        page={await page()}
        failure={{ code: "CONFLICT", reason: "sold-out", message: 'Sorry, "The Disciple\'s Set" just sold out.' }}
      />,
    );
    expect(html).toContain("just sold out.");
    expect(html).not.toContain('aria-invalid="true"');
  });

  it("shows no summary before any post", async () => {
    const html = renderToStaticMarkup(<CheckoutForm page={await page()} />);
    expect(html).not.toContain('data-testid="checkout-errors"');
    expect(html).toContain('name="checkoutToken"');
  });
});
