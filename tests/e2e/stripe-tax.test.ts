import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { markOrderPaid } from "#server/orders/mark-order-paid.ts";
import { fillCheckoutAddress } from "#tests/support/checkout-page.ts";
import { addCookieHeader, newCustomerSession } from "#tests/support/customer-session.ts";
import { openAsOwner } from "#tests/support/owner-session.ts";
import {
  enableCardPayments,
  enableInvoicePayments,
  TEST_STRIPE_WEBHOOK_SECRET,
} from "#tests/support/payment-settings.ts";
import { useShop, useStripeStandIn } from "#tests/support/shop-fixture.ts";
import { insertTaxCertificate } from "#tests/support/tax-settings.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { insertTestBook } from "#tests/support/test-books.ts";

const APP_SECRET = "e2e-stripe-tax-".padEnd(40, "t");
const SHOTS = path.resolve("test-results/stripe-tax");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 800 };

// Stripe Tax (decision 40) through the pages: the owner picks it, a guest's checkout to Illinois
// shows the stand-in's tax and Stripe's hosted page charges that total; Stripe unreachable, the
// page says so and places nothing.
describe("Stripe Tax in a browser, with Stripe played by the stand-in", () => {
  const env: Record<string, string> = { APP_SECRET };
  const standIn = useStripeStandIn(env, { webhookSecret: TEST_STRIPE_WEBHOOK_SECRET });
  const shop = useShop(env, { withOwner: true });
  const { withDb } = shop;
  // Stripe sends the buyer back to PUBLIC_URL (localhost): the shop is visited on that host.
  const siteUrl = () => shop.server.url.replace("127.0.0.1", "localhost");

  beforeAll(async () => {
    standIn.setWebhook(`${shop.server.url}/webhooks/stripe`);
    await withDb((db) => enableCardPayments(db, APP_SECRET));
  });

  async function shot(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  async function checkout(context: BrowserContext, title: string, viewport = DESKTOP) {
    const id = await withDb((db) => insertTestBook(db, { title, stock: 10, priceCents: 1500 }));
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${siteUrl()}/checkout?items=${id}:2:1500`);
    await waitForHydration(page);
    await fillCheckoutAddress(page, {
      email: "lydia@example.com",
      fullName: "Lydia Purple",
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
    });
    return { page, bookId: id };
  }

  const ordersOf = (bookId: string) =>
    withDb((db) =>
      db
        .selectFrom("orders")
        .innerJoin("order_items", "order_items.order_id", "orders.id")
        .select(["orders.id", "orders.tax_cents", "orders.total_cents", "orders.stripe_tax_calculation_id"])
        .where("order_items.book_id", "=", bookId)
        .execute(),
    );

  it("the owner picks Stripe Tax; a guest to Illinois sees its tax and the card charge equals the total", async () => {
    const staff = await shop.browser.newContext({ viewport: DESKTOP });
    const admin = await openAsOwner(shop, staff, "/admin/settings");
    const tax = admin.getByRole("form", { name: "Tax settings" });
    await tax.getByLabel("Sales tax", { exact: true }).selectOption("stripe-tax");
    await tax.getByRole("button", { name: "Save Tax Settings" }).click();
    await expectToast(admin, "Tax settings saved");
    expect(await withDb((db) => db.selectFrom("store_settings").select("tax_mode").executeTakeFirst())).toEqual({
      tax_mode: "stripe-tax",
    });
    const section = admin.locator('section[aria-labelledby="settings-tax-heading"]');
    mkdirSync(SHOTS, { recursive: true });
    await section.screenshot({ path: path.join(SHOTS, "settings-stripe-tax-1280.png") });
    await admin.setViewportSize(PHONE);
    await section.screenshot({ path: path.join(SHOTS, "settings-stripe-tax-360.png") });
    await staff.close();

    // 2 × $15.00 = $30.00; Illinois at the stand-in's 6.25 % = $1.875 → $1.88; shipping $5.00.
    const context = await shop.browser.newContext();
    const { page, bookId } = await checkout(context, "Lydia, Seller of Purple");
    await expect
      .poll(() => page.getByTestId("summary-tax").first().innerText(), { timeout: 10_000 })
      .toMatch(/Sales tax \(Illinois, 6\.25 %\)\s+\$1\.88/);
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$36.88");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "checkout-illinois-1280");
    const asked = standIn.requests().filter((r) => r.path === "/v1/tax/calculations");
    expect(asked.at(-1)?.body).toMatchObject({
      customer_details: { address: { country: "US", state: "IL", postal_code: "62701" }, address_source: "shipping" },
    });

    await page.getByRole("radio", { name: /^Card/ }).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((url) => url.origin === standIn.url);
    const [order] = await ordersOf(bookId);
    expect(order).toMatchObject({ tax_cents: 188, total_cents: 3688 });
    expect(standIn.taxCalculations.get(order!.stripe_tax_calculation_id!)).toMatchObject({
      tax_amount_exclusive: 188,
    });
    const session = standIn.sessionForOrder(order!.id)!;
    expect(session.amount_total).toBe(3688);
    expect(session.line_items_sent.map((line) => line.unit_amount * line.quantity)).toContain(188);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/order-confirmation\//);
    await waitForHydration(page);
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$36.88");
    await context.close();
  });

  it("Stripe unreachable: the page says so and offers to retry; placing the order is refused, nothing placed", async () => {
    await withDb((db) => db.updateTable("store_settings").set({ tax_mode: "stripe-tax" }).execute());
    standIn.failTax(true);
    try {
      const context = await shop.browser.newContext();
      const { page, bookId } = await checkout(context, "The Widow's Mite", PHONE);
      const note = page.getByTestId("summary-tax-unavailable");
      await note.waitFor({ timeout: 20_000 });
      await expect(note.innerText()).resolves.toMatch(/could not be computed right now/);
      await expect(page.getByTestId("summary-tax").innerText()).resolves.toMatch(/Not available/);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "checkout-unavailable-360");

      await page.getByRole("radio", { name: /^Card/ }).check();
      await page.getByRole("button", { name: "Place Order" }).click();
      // The refused page's own box, not the note the page already showed: a screenshot taken while
      // the post was still navigating failed.
      const errors = page.getByTestId("checkout-errors");
      await errors.waitFor({ timeout: 20_000 });
      await expect(errors.innerText()).resolves.toMatch(/could not be computed right now/);
      await page.waitForLoadState("load");
      expect(page.url()).toMatch(/\/checkout/);
      expect(await ordersOf(bookId)).toEqual([]);

      // The refused page asks for the tax again, and is told the same; "Try again" asks once more.
      await note.waitFor({ timeout: 20_000 });
      await shot(page, "checkout-refused-360");
      const tryAgain = page.getByRole("button", { name: "Try again" });
      const asked = () => standIn.requests().filter((r) => r.path === "/v1/tax/calculations").length;
      const before = asked();
      await tryAgain.click();
      await expect.poll(asked, { timeout: 10_000 }).toBeGreaterThan(before);
      await note.waitFor({ timeout: 20_000 });

      standIn.failTax(false);
      // A question still under way may get its answer now; otherwise the buyer asks again.
      await tryAgain.click({ timeout: 2_000 }).catch(() => {});
      await expect
        .poll(() => page.getByTestId("summary-tax").first().innerText(), { timeout: 10_000 })
        .toMatch(/Illinois, 6\.25 %\)\s+\$1\.88/);
      await context.close();
    } finally {
      standIn.failTax(false);
    }
  });

  it("staff approve a pending certificate and refund the tax alone of the order taxed meanwhile", async () => {
    await withDb(async (db) => {
      await db.updateTable("store_settings").set({ tax_mode: "stripe-tax" }).execute();
      await enableInvoicePayments(db, { terms: "Net 30" });
    });
    const email = "treasurer@grace.example";
    const cookie = await newCustomerSession(shop.server.url, { email, password: "Mustard-Seed-Faith-42" });
    await withDb(async (db) => {
      const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      await insertTaxCertificate(db, {
        id: "0c8a4a53-7a4c-4d55-9b8e-5d1f2f0a1c11",
        userId: user.id,
        email,
        state: "IL",
        certificateNumber: "IL-8080",
        expiresOn: `${new Date().getUTCFullYear() + 2}-06-30`,
        status: "pending",
        submittedAt: new Date(Date.now() - 60_000).toISOString(),
      });
    });

    // The church buys while its certificate waits: Illinois's tax is charged ($1.88).
    const id = await withDb((db) => insertTestBook(db, { title: "The Good Samaritan", stock: 10, priceCents: 1500 }));
    const customer = await shop.browser.newContext({ viewport: DESKTOP });
    await addCookieHeader(customer, shop.server.url, cookie);
    const page = await customer.newPage();
    await page.goto(`${shop.server.url}/checkout?items=${id}:2:1500`);
    await waitForHydration(page);
    await fillCheckoutAddress(page, { fullName: "Grace Treasurer", city: "Peoria", region: "IL", postalCode: "61602" });
    await expect
      .poll(() => page.getByTestId("summary-tax").first().innerText(), { timeout: 10_000 })
      .toMatch(/Illinois, 6\.25 %\)\s+\$1\.88/);
    await page.getByLabel("Invoice / purchase order").check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    await waitForHydration(page);
    const orderId = await page.getByTestId("order-id").innerText();
    await customer.close();
    // The church pays its invoice; staff record it.
    await withDb((db) => markOrderPaid({ db, clock: () => new Date() }, { orderId }));

    const staff = await shop.browser.newContext({ viewport: DESKTOP });
    const admin = await openAsOwner(shop, staff, "/admin/tax-exemptions");
    const card = admin.getByTestId("admin-tax-certificate").filter({ hasText: "IL-8080" });
    await card.getByRole("button", { name: "Approve the certificate for Illinois" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Approve", exact: true }).click();
    await expectToast(admin, "Certificate approved");
    await admin.getByRole("link", { name: /^Approved/ }).click();
    const approved = admin.getByTestId("admin-tax-certificate").filter({ hasText: "IL-8080" });
    const taxed = approved.getByTestId("taxed-while-pending");
    await taxed.waitFor();
    expect(await taxed.innerText()).toContain(orderId);
    expect(await taxed.innerText()).toContain("tax $1.88");
    expect(await axeViolations(admin)).toEqual([]);
    await approved.screenshot({ path: path.join(SHOTS, "approved-taxed-orders-1280.png") });
    await admin.setViewportSize(PHONE);
    await approved.screenshot({ path: path.join(SHOTS, "approved-taxed-orders-360.png") });

    await approved.getByRole("button", { name: `Refund the tax of order ${orderId}` }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Refund the tax", exact: true }).click();
    await expectToast(admin, "Sales tax refunded");
    await taxed.waitFor({ state: "detached" });
    const order = await withDb((db) =>
      db
        .selectFrom("orders")
        .select(["tax_cents", "tax_refunded_cents", "amount_refunded_cents", "payment_status"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow(),
    );
    expect(order).toEqual({
      tax_cents: 188,
      tax_refunded_cents: 188,
      amount_refunded_cents: 188,
      payment_status: "partially_refunded",
    });
    const steps = await withDb((db) =>
      db.selectFrom("order_status_history").select("note").where("order_id", "=", orderId).execute(),
    );
    expect(steps.map((step) => step.note).join("\n")).toContain("$1.88 sales tax refunded");
    await staff.close();

    // The church's order page says the tax was refunded.
    const again = await shop.browser.newContext({ viewport: PHONE });
    await addCookieHeader(again, shop.server.url, cookie);
    const confirmation = await again.newPage();
    await confirmation.goto(`${shop.server.url}/order-confirmation/${orderId}`);
    await waitForHydration(confirmation);
    await expect(confirmation.getByTestId("summary-tax-refunded").innerText()).resolves.toMatch(
      /sales tax \(\$1\.88\) was refunded/,
    );
    await shot(confirmation, "confirmation-tax-refunded-360");
    await again.close();
  });
});
