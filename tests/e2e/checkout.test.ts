import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "#app/features/cart/cart-store.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { holdRequests } from "#tests/support/held-request.ts";
import { fillCheckoutAddress } from "#tests/support/checkout-page.ts";
import { downloadFrom } from "#tests/support/downloads.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { signUpInBrowser } from "#tests/support/sign-up-page.ts";

/** Screenshots of the pages at each width, to look at (not compared). */
const SHOTS = path.resolve("test-results/checkout");

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 800 };
const PASSWORD = "Mustard-Seed-Faith-42";

const field = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });

describe("checkout in a browser", () => {
  const shop = useShop();

  const { withDb } = shop;

  /** A book of its own per test, so stock and price changes never touch another test. */
  async function newBook(title: string, { stock = 10, priceCents = 1250 } = {}) {
    const id = await withDb((db) => insertTestBook(db, { title, stock, priceCents }));
    return { id, name: title, priceCents, stock };
  }

  const ordersOf = (email: string) =>
    withDb((db) => db.selectFrom("orders").selectAll().where("customer_email", "=", email).execute());

  beforeAll(async () => {
    await withDb((db) => enableInvoicePayments(db, { terms: "Net 30" }));
  });

  /** Puts `books` in the stored cart, opens the cart sheet and follows "Proceed to Checkout". */
  async function checkoutWith(
    context: BrowserContext,
    books: { id: string; name: string; priceCents: number; stock: number; quantity?: number }[],
    viewport = DESKTOP,
    beforeProceeding?: () => Promise<unknown>,
  ): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${shop.server.url}/`);
    await page.evaluate(({ key, lines }) => window.localStorage.setItem(key, JSON.stringify(lines)), {
      key: CART_STORAGE_KEY,
      lines: books.map((b) => ({
        id: b.id,
        name: b.name,
        priceCents: b.priceCents,
        stock: b.stock,
        quantity: b.quantity ?? 1,
        image: null,
      })),
    });
    await page.reload();
    await waitForHydration(page);
    await beforeProceeding?.();
    await page.getByRole("button", { name: /^Open your collection/ }).click();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    // The form's island (decision 21): its own check and the summary's shipping line.
    await waitForHydration(page);
    return page;
  }

  const fillAddress = (page: Page, values: { email?: string; fullName?: string } = {}) =>
    fillCheckoutAddress(page, values);

  /** A new window at /checkout with `books` in the cart and the buyer's address filled in. */
  async function addressedCheckout(
    books: Parameters<typeof checkoutWith>[1],
    buyer: { email: string; fullName: string },
  ) {
    const context = await shop.browser.newContext();
    const page = await checkoutWith(context, books);
    await fillAddress(page, buyer);
    return { context, page };
  }

  async function shot(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  it("keeps the cart sheet open for a visitor who tapped it before it worked and again once it did", async () => {
    const book = await newBook("Noah Taps Twice");
    const context = await shop.browser.newContext({ viewport: DESKTOP });
    try {
      const page = await context.newPage();
      const script = await holdRequests(page, /\/assets\/islands-client-[^/]*\.js$/);
      // The checkout form's own chunk, held: the cart works while the page is not yet all hydrated.
      const formChunk = await holdRequests(page, /\/assets\/checkout-form-[^/]*\.js$/);
      await page.goto(`${shop.server.url}/checkout?items=${book.id}:1:${book.priceCents}`);
      await script.arrived;
      const cartButton = page.getByRole("button", { name: /^Open your collection/ });
      await cartButton.click();
      await script.release();
      await page.locator('[data-island="cart-sheet"][data-island-ready]').waitFor({ state: "attached" });
      await formChunk.arrived;
      await cartButton.click();
      const dialog = page.getByRole("dialog", { name: "Your Collection" });
      await dialog.waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await formChunk.release();
      await waitForHydration(page);
      // The early tap was not replayed on top of the one that worked: the sheet stays open.
      expect(await dialog.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("a guest pays by invoice with an organisation and a PO number (1280 px)", async () => {
    const book = await newBook("The Good Samaritan", { stock: 5, priceCents: 1250 });
    const context = await shop.browser.newContext();
    const page = await checkoutWith(context, [{ ...book, quantity: 2 }]);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Checkout");
    await expect(page.getByTestId("summary-subtotal").innerText()).resolves.toBe("$25.00");
    await expect(field(page, "Country").inputValue()).resolves.toBe("US");
    await expect(field(page, "Country").locator("option").first().innerText()).resolves.toBe("United States");
    await expect(axeViolations(page)).resolves.toEqual([]);

    await fillAddress(page, { email: "clerk@grace-church.example", fullName: "Martha Clerk" });
    await field(page, "Organisation (optional)").fill("Grace Church");
    await page.getByLabel("Invoice / purchase order").check();
    await field(page, "PO Number (optional)").fill("PO-2026-114");
    await page.getByLabel(/^Express Shipping/).check();
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$40.00");
    await shot(page, "checkout-1280");
    await page.getByRole("button", { name: "Place Order" }).click();

    await page.waitForURL(/\/order-confirmation\/ORD-/);
    await waitForHydration(page);
    const orderId = await page.getByTestId("order-id").innerText();
    expect(orderId).toMatch(/^ORD-[0-9A-Z]{12}$/);
    const payment = await page.getByTestId("payment-state").innerText();
    expect(payment).toContain("Pay by invoice: awaiting payment.");
    expect(payment).toContain("Payment terms: Net 30.");
    expect(payment).toContain("We have e-mailed the invoice to clerk@grace-church.example");
    await expect(page.getByTestId("shipping-address").innerText()).resolves.toContain("Grace Church");
    await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$40.00");
    await expect(
      page.locator("main").getByRole("link", { name: "Track Order", exact: true }).getAttribute("href"),
    ).resolves.toBe(`/track-order?orderId=${orderId}`);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await shot(page, "confirmation-1280");
    // The cart became the order: it is emptied now, not before.
    await page.waitForFunction((key) => window.localStorage.getItem(key) === "[]", CART_STORAGE_KEY);

    const [order] = await ordersOf("clerk@grace-church.example");
    expect(order).toMatchObject({
      id: orderId,
      organisation: "Grace Church",
      po_number: "PO-2026-114",
      payment_method: "invoice",
      payment_status: "awaiting_payment",
      shipping_method_name: "Express Shipping",
      subtotal_cents: 2500,
      total_cents: 4000,
      ship_country: "US",
    });
    const mails = await withDb((db) =>
      db.selectFrom("mail_outbox").select("kind").where("order_id", "=", orderId).execute(),
    );
    expect(mails.map((m) => m.kind).sort()).toEqual(["invoice", "new-order-notice", "order-confirmation"]);
    await expect(
      withDb((db) => db.selectFrom("books").select("stock").where("id", "=", book.id).executeTakeFirst()),
    ).resolves.toEqual({
      stock: 3,
    });

    // Another browser that knows the id gets Track Order, not the address.
    const stranger = await (await shop.browser.newContext()).newPage();
    await stranger.goto(`${shop.server.url}/order-confirmation/${orderId}`);
    expect(new URL(stranger.url()).pathname).toBe("/track-order");
    expect(new URL(stranger.url()).searchParams.get("orderId")).toBe(orderId);
    await stranger.context().close();
    await context.close();
  });

  it("a signed-in customer is prefilled and finds the order in Order History (360 px)", async () => {
    const email = "lydia.purple@example.com";
    const signUpPage = await (await shop.browser.newContext()).newPage();
    await signUpInBrowser(signUpPage, shop.server.url, email, PASSWORD);
    await signUpPage.context().close();

    const context = await shop.browser.newContext();
    const login = await context.newPage();
    await login.goto(`${shop.server.url}/login`);
    await waitForHydration(login);
    await field(login, "Email").fill(email);
    await field(login, "Password").fill(PASSWORD);
    await login.getByRole("button", { name: "Sign In" }).click();
    await login.waitForURL(`${shop.server.url}/`);
    await login.close();

    const book = await newBook("Lydia's Purple Cloth");
    const page = await checkoutWith(context, [book], PHONE);
    await expect(field(page, "Email").inputValue()).resolves.toBe(email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await fillAddress(page, { fullName: "Lydia of Thyatira" });
    await shot(page, "checkout-360");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    const orderId = await page.getByTestId("order-id").innerText();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, "confirmation-360");
    const [order] = await ordersOf(email);
    expect(order?.user_id).not.toBeNull();

    // The invoice as a PDF, from the confirmation and from Order History.
    const fromConfirmation = await downloadFrom(page, page.getByRole("link", { name: "Download invoice (PDF)" }));
    expect(fromConfirmation).toEqual({ name: `invoice-${orderId}.pdf`, start: "%PDF-" });
    await page.goto(`${shop.server.url}/order-history`);
    await expect(page.locator("main").innerText()).resolves.toContain(orderId);
    const fromHistory = await downloadFrom(page, page.getByRole("link", { name: `Invoice of order ${orderId} (PDF)` }));
    expect(fromHistory).toEqual({ name: `invoice-${orderId}.pdf`, start: "%PDF-" });
    await context.close();
  });

  it("a stale cart: the page names the price that changed after the cart was filled", async () => {
    const book = await newBook("Jonah and the Great Fish", { priceCents: 1100 });
    const context = await shop.browser.newContext();
    const page = await checkoutWith(context, [book], DESKTOP, () =>
      withDb((db) => db.updateTable("books").set({ price_cents: 1350 }).where("id", "=", book.id).execute()),
    );
    await expect(page.getByTestId("cart-changes").innerText()).resolves.toContain(
      'The price of "Jonah and the Great Fish" changed from $11.00 to $13.50.',
    );
    await expect(page.getByTestId("summary-subtotal").innerText()).resolves.toBe("$13.50");
    await context.close();
  });

  it("sold out between the page and Place Order: the message, nothing written, then the adjusted cart", async () => {
    const book = await newBook("Daniel in the Lions' Den", { stock: 2 });
    const other = await newBook("David and Goliath", { stock: 5, priceCents: 900 });
    const { context, page } = await addressedCheckout([book, other], {
      email: "late@example.com",
      fullName: "Late Buyer",
    });
    await withDb((db) => db.updateTable("books").set({ stock: 0 }).where("id", "=", book.id).execute());
    await page.getByRole("button", { name: "Place Order" }).click();
    const errors = page.getByTestId("checkout-errors");
    await errors.waitFor();
    await expectToast(page, /Your order was not placed.*just sold out/);
    await expect(errors.innerText()).resolves.toContain(`Sorry, "Daniel in the Lions' Den" just sold out.`);
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "checkout-errors");
    await page.getByTestId("cart-changes").waitFor();
    await expect(page.getByTestId("cart-changes").innerText()).resolves.toContain(
      `"Daniel in the Lions' Den" is no longer available and was removed.`,
    );
    await expect(page.getByTestId("summary-subtotal").innerText()).resolves.toBe("$9.00");
    await expect(ordersOf("late@example.com")).resolves.toEqual([]);
    await expect(
      withDb((db) => db.selectFrom("books").select("stock").where("id", "=", other.id).executeTakeFirst()),
    ).resolves.toEqual({ stock: 5 });

    // The adjusted cart can be ordered as it now stands.
    await fillAddress(page, { email: "late@example.com", fullName: "Late Buyer" });
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    const [order] = await ordersOf("late@example.com");
    expect(order?.subtotal_cents).toBe(900);
    await context.close();
  });

  it("shipping raised between the page and Place Order: the message, nothing written, then the new rate", async () => {
    const book = await newBook("Jonah and the Great Fish", { priceCents: 1000 });
    const { context, page } = await addressedCheckout([book], { email: "rate@example.com", fullName: "Rate Buyer" });
    const shippingBefore = await page.getByTestId("summary-shipping").innerText();
    // Every method's rate goes up by $2.00, whichever the form has chosen.
    await withDb((db) =>
      db
        .updateTable("shipping_methods")
        .set((eb) => ({ rate_cents: eb("rate_cents", "+", 200) }))
        .execute(),
    );
    await page.getByRole("button", { name: "Place Order" }).click();
    const errors = page.getByTestId("checkout-errors");
    await errors.waitFor();
    await expect(errors.innerText()).resolves.toContain("Prices have changed since this page was shown.");
    await expect(ordersOf("rate@example.com")).resolves.toEqual([]);
    const shippingAfter = await page.getByTestId("summary-shipping").innerText();
    const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
    expect(cents(shippingAfter)).toBe(cents(shippingBefore) + 200);

    // Placed again, the order is at the rate the page now shows.
    await fillAddress(page, { email: "rate@example.com", fullName: "Rate Buyer" });
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    const [order] = await ordersOf("rate@example.com");
    expect(order?.shipping_cents).toBe(cents(shippingAfter));
    await context.close();
  });

  it("checks the form before posting it: each field's message, the toast and the focus, and no request", async () => {
    const book = await newBook("Noah and the Ark");
    const context = await shop.browser.newContext();
    const page = await checkoutWith(context, [book], PHONE);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await field(page, "Street Address").fill("12 Olive Grove Lane");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expectToast(page, "Your order was not placed");
    const errors = page.getByTestId("checkout-errors");
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "checkout-errors");
    const summary = await errors.innerText();
    expect(summary).toContain("Please enter your full name.");
    expect(summary).toContain("Please enter your city.");
    expect(summary).not.toContain("Please enter your street address.");
    // Each message also under its field; it goes (from both places) as the buyer types.
    await expect(page.locator("main").getByText("Please enter your city.").count()).resolves.toBe(2);
    await field(page, "City").fill("Nashville");
    await expect(page.locator("main").getByText("Please enter your city.").count()).resolves.toBe(0);
    await expect(page.locator("main").getByText("Please enter your full name.").count()).resolves.toBe(2);
    expect(posts).toEqual([]);
    await shot(page, "checkout-refused-360");
    await context.close();
  });

  it("a double-click on Place Order places one order", async () => {
    const book = await newBook("Ruth and Naomi", { stock: 5 });
    const { context, page } = await addressedCheckout([book], {
      email: "quick.fingers@example.com",
      fullName: "Quick Fingers",
    });
    await page.getByRole("button", { name: "Place Order" }).dblclick();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    const orders = await ordersOf("quick.fingers@example.com");
    expect(orders).toHaveLength(1);
    await expect(page.getByTestId("order-id").innerText()).resolves.toBe(orders[0]!.id);
    await context.close();
  });

  it("works without JavaScript: the server's field message, then the order", async () => {
    const book = await newBook("Moses in the Basket");
    const context = await shop.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/checkout?items=${book.id}:1:${book.priceCents}`);
    await fillAddress(page, { email: "not-an-address", fullName: "No Script" });
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByTestId("checkout-errors").waitFor();
    await expect(page.getByTestId("checkout-errors").innerText()).resolves.toContain(
      "Please enter a valid email address.",
    );
    await expect(page.locator("main").getByText("Please enter a valid email address.").count()).resolves.toBe(2);
    await expect(ordersOf("not-an-address")).resolves.toEqual([]);

    // What was typed is still there: only the e-mail needs fixing.
    await expect(field(page, "Street Address").inputValue()).resolves.toBe("12 Olive Grove Lane");
    await expect(field(page, "Full Name").inputValue()).resolves.toBe("No Script");
    await field(page, "Email").fill("no.script@example.com");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    await expect(ordersOf("no.script@example.com")).resolves.toHaveLength(1);
    await context.close();
  });
});
