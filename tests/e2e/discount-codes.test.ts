import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { enableCardPayments, TEST_STRIPE_WEBHOOK_SECRET } from "#tests/support/payment-settings.ts";
import { fillCheckoutAddress } from "#tests/support/checkout-page.ts";
import { openAsOwner } from "#tests/support/owner-session.ts";
import { reachPaymentPage } from "#tests/support/provider-checkout.ts";
import { useShop, useStripeStandIn } from "#tests/support/shop-fixture.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { discountCodeSchema } from "#common/discounts/discount-code-schema.ts";
import { saveDiscountCode } from "#server/discounts/save-discount-code.ts";

const APP_SECRET = "e2e-discount-codes-".padEnd(40, "d");
/** Screenshots of the pages at each width, to look at (not compared). */
const SHOTS = path.resolve("test-results/discount-codes");

describe("discount codes (issue 33, item 5)", () => {
  const env: Record<string, string> = { APP_SECRET };
  const standIn = useStripeStandIn(env, { webhookSecret: TEST_STRIPE_WEBHOOK_SECRET });
  const shop = useShop(env, { withOwner: true });
  const { withDb } = shop;
  let bookId: string;
  // Stripe sends the buyer back to PUBLIC_URL (localhost): the shop is used on that host.
  const siteUrl = () => shop.server.url.replace("127.0.0.1", "localhost");

  beforeAll(async () => {
    standIn.setWebhook(`${shop.server.url}/webhooks/stripe`);
    await withDb((db) => enableCardPayments(db, APP_SECRET));
    bookId = await withDb((db) => insertTestBook(db, { title: "The Good Samaritan", stock: null, priceCents: 1500 }));
    // An expired code, and one whose only use is taken.
    await withDb(async (db) => {
      const save = (values: Record<string, string>) =>
        saveDiscountCode(
          { db, clock: () => new Date() },
          discountCodeSchema.parse({ kind: "percent", percent: "50", appliesTo: "order", active: "on", ...values }),
        );
      await save({ code: "OLD-CODE", startsOn: "2025-01-01", endsOn: "2025-01-31" });
      await save({ code: "NOJS-5", kind: "fixed", amount: "5.00" });
      const last = await save({ code: "LAST-ONE", usageLimit: "1" });
      await db.updateTable("discount_codes").set({ uses: 1 }).where("id", "=", last.id).execute();
    });
  });

  async function openCheckout(page: Page, copies: number) {
    await page.goto(`${siteUrl()}/checkout?items=${bookId}:${copies}`);
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
  }

  async function apply(page: Page, code: string) {
    const field = page.locator("main").getByLabel("Discount code", { exact: true });
    await field.fill(code);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/checkout"),
      page.getByRole("button", { name: "Apply", exact: true }).click(),
    ]);
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
  }
  const discountMessage = (page: Page) => page.getByTestId("discount-message").innerText();

  it("the owner creates a code; a buyer applies it (after an expired and a used-up one) and pays the discounted total by card", async () => {
    const ownerContext = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await openAsOwner(shop, ownerContext, "/admin/discounts");
    await owner.getByRole("link", { name: "New Discount Code" }).click();
    const form = owner.getByTestId("discount-code-form");
    await form.getByLabel("Code", { exact: true }).fill("conf 10");
    await form.getByLabel("Percentage off").fill("150");
    await form.getByRole("button", { name: "Save Code" }).click();
    // The form's own check names the field; nothing is stored.
    await form.getByText("A code is 3 to 32 letters, digits or dashes.").waitFor();
    await form.getByLabel("Code", { exact: true }).fill("Conf-10");
    await form.getByRole("button", { name: "Save Code" }).click();
    await form.getByText("The percentage must be a whole number from 1 to 100.").waitFor();
    expect(await withDb((db) => db.selectFrom("discount_codes").select("code").orderBy("code").execute())).toEqual([
      { code: "LAST-ONE" },
      { code: "NOJS-5" },
      { code: "OLD-CODE" },
    ]);
    await form.getByLabel("Percentage off").fill("10");
    await form.getByLabel("Usage limit (optional)").fill("50");
    await form.getByRole("button", { name: "Save Code" }).click();
    await expectToast(owner, "Discount code saved The code Conf-10 is saved.");
    await owner.locator('[data-testid="discount-code-row"][data-code="Conf-10"]').waitFor();
    expect(await axeViolations(owner)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await owner.screenshot({ path: path.join(SHOTS, "admin-1280.png"), fullPage: true });
    await owner.setViewportSize({ width: 360, height: 800 });
    await owner.screenshot({ path: path.join(SHOTS, "admin-360.png"), fullPage: true });
    await owner.getByRole("link", { name: "Edit Conf-10" }).click();
    await form.getByLabel("Usage limit (optional)").waitFor();
    expect(await form.getByLabel("Usage limit (optional)").inputValue()).toBe("50");
    await form.screenshot({ path: path.join(SHOTS, "admin-form-360.png") });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await ownerContext.close();

    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openCheckout(page, 2);
    await waitForHydration(page);
    await fillCheckoutAddress(page, { email: "samaritan@example.com", fullName: "Jo Samaritan" });

    await apply(page, "old-code");
    await expect(discountMessage(page)).resolves.toBe("The code OLD-CODE has expired.");
    // The refused code is named beside its field, which says it is invalid.
    await expect(
      page.locator("main").getByLabel("Discount code", { exact: true }).getAttribute("aria-invalid"),
    ).resolves.toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await apply(page, "last-one");
    await expect(discountMessage(page)).resolves.toBe("The code LAST-ONE has been used as many times as it can be.");
    await apply(page, "nope-123");
    await expect(discountMessage(page)).resolves.toContain("We don't know the code nope-123.");
    await apply(page, "conf-10");
    await expect(discountMessage(page)).resolves.toBe("Code Conf-10 applied.");
    await expect(page.getByTestId("summary-discount").innerText()).resolves.toBe("−$3.00");
    // What the buyer typed is still there, and the total reads the discount: 30.00 − 3.00 + 5.00.
    await expect(page.locator("main").getByLabel("Email", { exact: true }).inputValue()).resolves.toBe(
      "samaritan@example.com",
    );
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$32.00");
    await page.screenshot({ path: path.join(SHOTS, "checkout-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, "checkout-360.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    await waitForHydration(page);
    await page.getByRole("radio", { name: /^Card/ }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await reachPaymentPage(page, shop, { provider: "Stripe", url: standIn.url });
    await page.getByText("Pay 32.00 USD").waitFor();
    await page.getByText("Discount 3.00 USD").waitFor();
    const session = [...standIn.sessions.values()].at(-1)!;
    expect(session.amount_total).toBe(3200);
    expect(standIn.coupons.get(session.discounts[0]!.coupon)).toMatchObject({ amount_off: 300, currency: "usd" });
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));
    await expect(page.getByTestId("payment-state").innerText()).resolves.toContain("Paid");
    await expect(page.getByTestId("summary-discount").innerText()).resolves.toBe("−$3.00");
    await expect(page.getByTestId("order-summary").innerText()).resolves.toContain("Discount (Conf-10)");
    await page.screenshot({ path: path.join(SHOTS, "confirmation-360.png"), fullPage: true });

    const order = await withDb((db) =>
      db
        .selectFrom("orders")
        .select(["total_cents", "discount_cents", "discount_code", "amount_paid_cents", "payment_status"])
        .where("discount_code", "=", "Conf-10")
        .executeTakeFirstOrThrow(),
    );
    expect(order).toEqual({
      total_cents: 3200,
      discount_cents: 300,
      discount_code: "Conf-10",
      amount_paid_cents: 3200,
      payment_status: "paid",
    });
    await context.close();
  });

  it("applies a code without scripts: the form posts and the page comes back with it", async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await openCheckout(page, 3);
    await apply(page, "OLD-CODE");
    await expect(discountMessage(page)).resolves.toBe("The code OLD-CODE has expired.");
    await apply(page, "nojs-5");
    await expect(discountMessage(page)).resolves.toBe("Code NOJS-5 applied.");
    await expect(page.getByTestId("summary-discount").innerText()).resolves.toBe("−$5.00");
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$45.00");

    // Staff switch the code off between the page and Place Order: refused, nothing placed or charged.
    const sessionsBefore = standIn.sessions.size;
    await withDb((db) =>
      db.updateTable("discount_codes").set({ active: false }).where("code", "=", "NOJS-5").execute(),
    );
    await fillCheckoutAddress(page, { email: "nojs@example.com", fullName: "Tabitha Dorcas" });
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/checkout"),
      page.getByRole("button", { name: "Place Order" }).click(),
    ]);
    await expect(page.getByTestId("checkout-errors").innerText()).resolves.toContain(
      "The code NOJS-5 is not active. Your order was not placed and nothing was charged.",
    );
    await expect(discountMessage(page)).resolves.toBe("The code NOJS-5 is not active.");
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$50.00");
    expect(
      await withDb((db) =>
        db.selectFrom("orders").select("id").where("customer_email", "=", "nojs@example.com").execute(),
      ),
    ).toEqual([]);
    expect(standIn.sessions.size).toBe(sessionsBefore);
    await context.close();
  });
});
