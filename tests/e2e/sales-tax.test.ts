import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { NO_SALES_TAX_TEXT, PENDING_EXEMPTION_TEXT } from "#common/tax/sales-tax.ts";
import { fillCheckoutAddress } from "#tests/support/checkout-page.ts";
import { addCookieHeader, newCustomerSession } from "#tests/support/customer-session.ts";
import { openAsOwner } from "#tests/support/owner-session.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { insertTaxCertificate } from "#tests/support/tax-settings.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { insertTestBook } from "#tests/support/test-books.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.resolve("test-results/sales-tax");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 800 };

describe("sales tax in a browser", () => {
  const shop = useShop({}, { withOwner: true });
  const { withDb } = shop;

  beforeAll(async () => {
    await withDb((db) => enableInvoicePayments(db, { terms: "Net 30" }));
  });

  async function shot(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  async function newBook(title: string, priceCents = 2000) {
    const id = await withDb((db) => insertTestBook(db, { title, stock: 20, priceCents }));
    return { id, priceCents };
  }

  /** The checkout page of one book (two copies), hydrated. */
  async function checkout(context: BrowserContext, book: { id: string; priceCents: number }, viewport = DESKTOP) {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${shop.server.url}/checkout?items=${book.id}:2:${book.priceCents}`);
    await waitForHydration(page);
    return page;
  }

  /** Waits for the summary's tax line to read `text` (the island asks the server after a change). */
  async function taxLineReads(page: Page, text: RegExp) {
    await expect.poll(() => page.getByTestId("summary-tax").first().innerText(), { timeout: 10_000 }).toMatch(text);
  }

  async function placeInvoiceOrder(page: Page): Promise<string> {
    await page.getByLabel("Invoice / purchase order").check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    await waitForHydration(page);
    return page.getByTestId("order-id").innerText();
  }

  const storedOrder = (orderId: string) =>
    withDb((db) =>
      db
        .selectFrom("orders")
        .select(["subtotal_cents", "shipping_cents", "tax_cents", "total_cents", "tax_exempt_certificate_number"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow(),
    );

  /** A signed-in customer (the session's Cookie header) with a certificate for Illinois. */
  async function customerWithCertificate(email: string, status: "approved" | "pending", number: string) {
    const cookie = await newCustomerSession(shop.server.url, { email, password: "Mustard-Seed-Faith-42" });
    await withDb(async (db) => {
      const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      await insertTaxCertificate(db, {
        id: `cert-${number}`,
        userId: user.id,
        email,
        state: "IL",
        certificateNumber: number,
        expiresOn: `${new Date().getUTCFullYear() + 2}-06-30`,
        status,
      });
    });
    return cookie;
  }

  it("the owner sets Illinois at 6.25 %; a guest's order there is charged it; another state's is not", async () => {
    const staff = await shop.browser.newContext({ viewport: DESKTOP });
    const admin = await openAsOwner(shop, staff, "/admin/settings");
    const tax = admin.getByRole("form", { name: "Tax settings" });
    await tax.getByLabel("Sales tax", { exact: true }).selectOption("owner-rates");
    await tax.getByLabel("Home state", { exact: true }).selectOption("IL");
    // A rate over 25 %: a clear message under it, nothing stored.
    await tax.getByRole("button", { name: "Add Tax Rate" }).click();
    await tax.getByLabel("State or country", { exact: true }).selectOption("US-IL");
    await tax.getByLabel("Rate (%)", { exact: true }).fill("62.5");
    await tax.getByRole("button", { name: "Save Tax Settings" }).click();
    await tax.getByText("A tax rate over 25 % is surely a mistake: please check it.").waitFor();
    expect(await withDb((db) => db.selectFrom("tax_rates").selectAll().execute())).toEqual([]);
    await tax.getByLabel("Rate (%)", { exact: true }).fill("6.25");
    await tax.getByRole("button", { name: "Save Tax Settings" }).click();
    await expectToast(admin, "Tax settings saved");
    expect(
      await withDb((db) => db.selectFrom("tax_rates").select(["jurisdiction", "rate_thousandths"]).execute()),
    ).toEqual([{ jurisdiction: "US-IL", rate_thousandths: 6250 }]);
    expect(await axeViolations(admin)).toEqual([]);
    // The section itself, to look at: the page around it is the other settings.
    const section = admin.locator('section[aria-labelledby="settings-tax-heading"]');
    mkdirSync(SHOTS, { recursive: true });
    await section.screenshot({ path: path.join(SHOTS, "settings-tax-1280.png") });
    await admin.setViewportSize(PHONE);
    await section.screenshot({ path: path.join(SHOTS, "settings-tax-360.png") });

    // A guest to Springfield, Illinois: 2 × $20.00 = $40.00, tax 6.25 % = $2.50.
    const book = await newBook("The Lost Sheep");
    const context = await shop.browser.newContext();
    const page = await checkout(context, book);
    await expect(page.getByTestId("summary-tax").innerText()).resolves.toMatch(/From your address/);
    await fillCheckoutAddress(page, {
      email: "ruth@example.com",
      fullName: "Ruth Reader",
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
    });
    await taxLineReads(page, /Sales tax \(Illinois, 6\.25 %\)\s+\$2\.50/);
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$47.50");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "checkout-illinois-1280");
    const orderId = await placeInvoiceOrder(page);
    await expect(page.getByTestId("summary-tax").innerText()).resolves.toMatch(/Illinois, 6\.25 %\)\s+\$2\.50/);
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$47.50");
    await shot(page, "confirmation-illinois-1280");
    expect(await storedOrder(orderId)).toEqual({
      subtotal_cents: 4000,
      shipping_cents: 500,
      tax_cents: 250,
      total_cents: 4750,
      tax_exempt_certificate_number: null,
    });

    // Staff see it in the order's details and in the list.
    await admin.goto(`${shop.server.url}/admin/orders`);
    await waitForHydration(admin);
    await admin.getByText("incl. $2.50 tax").waitFor();
    await admin.getByRole("button", { name: `View details of order ${orderId}` }).click();
    const details = admin.getByRole("dialog");
    // One row heading per width (the table has fewer columns on a phone): the one shown.
    await details.getByText("Sales tax (Illinois, 6.25 %)").filter({ visible: true }).waitFor();
    await shot(admin, "admin-details-360");
    await staff.close();

    // Oregon has no rate: the page says so honestly, and nothing is charged.
    const other = await checkout(context, book, PHONE);
    await fillCheckoutAddress(other, {
      email: "ann@example.com",
      fullName: "Ann Reader",
      city: "Salem",
      region: "Oregon",
      postalCode: "97301",
    });
    await taxLineReads(other, /Sales tax\s+\$0\.00/);
    await other.getByText(NO_SALES_TAX_TEXT).waitFor();
    await shot(other, "checkout-oregon-360");
    const untaxed = await placeInvoiceOrder(other);
    expect(await storedOrder(untaxed)).toMatchObject({ tax_cents: 0, total_cents: 4500 });
    await context.close();
  });

  it("a church with an approved certificate for Illinois gets no tax, and the order records the certificate", async () => {
    await withDb(async (db) => {
      await db.deleteFrom("tax_rates").execute();
      await db
        .insertInto("tax_rates")
        .values({
          jurisdiction: "US-IL",
          country: "US",
          state: "IL",
          rate_thousandths: 6250,
          shipping_taxed: false,
          collecting: true,
        })
        .execute();
      await db.updateTable("store_settings").set({ tax_mode: "owner-rates" }).execute();
    });
    const cookie = await customerWithCertificate("treasurer@grace-church.example", "approved", "E9999-1234");
    const context = await shop.browser.newContext({ viewport: DESKTOP });
    await addCookieHeader(context, shop.server.url, cookie);
    const book = await newBook("The Mustard Seed");
    const page = await checkout(context, book);
    await fillCheckoutAddress(page, {
      fullName: "Grace Treasurer",
      city: "Chicago",
      region: "Illinois",
      postalCode: "60601",
    });
    await page.getByText("Tax exempt: certificate E9999-1234").waitFor();
    await taxLineReads(page, /Sales tax\s+\$0\.00/);
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$45.00");
    await shot(page, "checkout-exempt-1280");
    const orderId = await placeInvoiceOrder(page);
    await page.getByText("Tax exempt: certificate E9999-1234").waitFor();
    expect(await storedOrder(orderId)).toEqual({
      subtotal_cents: 4000,
      shipping_cents: 500,
      tax_cents: 0,
      total_cents: 4500,
      tax_exempt_certificate_number: "E9999-1234",
    });
    await context.close();
  });

  it("a church whose certificate is pending is charged the tax, and told it will be refunded on approval", async () => {
    const cookie = await customerWithCertificate("clerk@st-anne.example", "pending", "P-5555");
    const context = await shop.browser.newContext({ viewport: PHONE });
    await addCookieHeader(context, shop.server.url, cookie);
    const book = await newBook("The Widow's Mite");
    const page = await checkout(context, book, PHONE);
    await fillCheckoutAddress(page, { fullName: "Anne Clerk", city: "Peoria", region: "IL", postalCode: "61602" });
    await taxLineReads(page, /Sales tax \(Illinois, 6\.25 %\)\s+\$2\.50/);
    await page.getByText(PENDING_EXEMPTION_TEXT).waitFor();
    await shot(page, "checkout-pending-360");
    const orderId = await placeInvoiceOrder(page);
    await page.getByText(PENDING_EXEMPTION_TEXT).waitFor();
    expect(await storedOrder(orderId)).toMatchObject({ tax_cents: 250, tax_exempt_certificate_number: null });
    await context.close();
  });
});
