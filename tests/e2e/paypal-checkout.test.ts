import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openOrderDetails } from "#tests/support/admin-orders-page.ts";
import { openAsOwner } from "#tests/support/owner-session.ts";
import { enablePayPalPayments } from "#tests/support/payment-settings.ts";
import { usePayPalStandIn, useShop } from "#tests/support/shop-fixture.ts";
import { expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import {
  placeOrderToPaymentPage,
  reachPaymentPage,
  readBookOrder,
  type CheckoutBook,
  type PaymentPage,
} from "#tests/support/provider-checkout.ts";
import { signUpInBrowser } from "#tests/support/sign-up-page.ts";

const APP_SECRET = "e2e-paypal-checkout-".padEnd(40, "p");
const SHOTS = path.resolve("test-results/paypal-checkout");
const PASSWORD = "Mustard-Seed-Faith-42";

// A buyer's PayPal purchase through the pages: cart, /checkout, PayPal's approval page (the
// stand-in, over real HTTP), back to the order confirmation, where the shop captures; PayPal's
// webhooks reach the built server, verified by the stand-in as PayPal verifies its own.
describe("PayPal checkout in a browser, with PayPal played by the stand-in", () => {
  const env: Record<string, string> = { APP_SECRET };
  const standIn = usePayPalStandIn(env);
  const shop = useShop(env, { withOwner: true });
  const { withDb } = shop;
  /** PayPal sends the buyer back to PUBLIC_URL (http://localhost:<port>): the shop is used on that host. */
  const site = () => shop.server.url.replace("127.0.0.1", "localhost");

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    standIn.setWebhook(`${shop.server.url}/webhooks/paypal`);
    await withDb((db) => enablePayPalPayments(db, APP_SECRET));
  });

  async function newBook(title: string, stock: number): Promise<CheckoutBook> {
    const id = await withDb((db) => insertTestBook(db, { title, stock, priceCents: 1500 }));
    return { id, name: title, priceCents: 1500, stock };
  }

  const payPalPage = (): PaymentPage => ({ provider: "PayPal", url: standIn.url });

  /** Fills the cart with two copies, goes to checkout, chooses PayPal and places the order: PayPal's page. */
  async function placePayPalOrder(page: Page, book: CheckoutBook, buyer: { email?: string; fullName?: string } = {}) {
    await placeOrderToPaymentPage(page, {
      shop,
      siteUrl: site(),
      book,
      buyer: { street: "3 Thyatira Road", city: "Springfield", region: "IL", ...buyer },
      method: /^PayPal/,
      paymentPage: payPalPage(),
    });
  }

  /** A new book, and a guest's 1280 px window on PayPal's page with the order for it placed. */
  async function guestAtPayPal(title: string, stock: number, buyer: { email: string; fullName: string }) {
    const book = await newBook(title, stock);
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await placePayPalOrder(page, book, buyer);
    return { book, context, page };
  }

  /** Waits for PayPal's page; anywhere else, fails with what that page says and the server's log. */
  const reachPayPal = (page: Page) => reachPaymentPage(page, shop, payPalPage());

  async function backToConfirmation(page: Page) {
    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));
    return page.getByTestId("payment-state").innerText();
  }

  const orderOf = (bookId: string) => withDb((db) => readBookOrder(db, bookId));
  const capturesOf = (paypalOrderId: string | null) =>
    [...standIn.captures.values()].filter((capture) => capture.order_id === paypalOrderId);

  let paidByGuest: { orderId: string; bookId: string } | null = null;

  it("a guest pays with PayPal: approves on PayPal's page and comes back to a paid order (1280 px)", async () => {
    const { book, context, page } = await guestAtPayPal("Ruth Gleans in the Field", 5, {
      email: "ruth.buyer@example.com",
      fullName: "Ruth of Moab",
    });
    const placed = await orderOf(book.id);
    expect(placed.order).toMatchObject({
      payment_method: "paypal",
      payment_status: "awaiting_payment",
      total_cents: 2 * 1500 + 500,
    });
    expect(placed.stock).toBe(3);
    await expect(page.locator("body").innerText()).resolves.toContain("Pay 35.00 USD");

    await page.getByRole("button", { name: "Pay" }).click();
    await expect(backToConfirmation(page)).resolves.toContain("Paid with PayPal. Thank you!");
    await page.screenshot({ path: path.join(SHOTS, "paid-1280.png"), fullPage: true });
    await standIn.settled();
    const after = await orderOf(book.id);
    expect(after.order).toMatchObject({ payment_status: "paid", amount_paid_cents: 3500 });
    expect(capturesOf(after.order.paypal_order_id)).toHaveLength(1);
    expect(after.received).toBe(1);
    expect(after.mails).toEqual(["new-order-notice", "order-confirmation"]);
    expect(after.stock).toBe(3);
    // The cart became the order: it is empty now.
    await expect(page.getByRole("button", { name: /^Open your collection, 0 items/ }).count()).resolves.toBe(1);
    paidByGuest = { orderId: after.order.id, bookId: book.id };
    await context.close();
  });

  it("a signed-in customer pays with PayPal and finds the order in Order History as paid with PayPal (360 px)", async () => {
    const email = "priscilla.paypal@example.com";
    const context = await shop.browser.newContext({ viewport: { width: 360, height: 800 } });
    const field = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });
    const signUp = await context.newPage();
    await signUpInBrowser(signUp, site(), email, PASSWORD);
    await waitForHydration(signUp);
    await field(signUp, "Email").fill(email);
    await field(signUp, "Password").fill(PASSWORD);
    await signUp.getByRole("button", { name: "Sign In" }).click();
    await signUp.waitForURL(`${site()}/`);
    await signUp.close();

    const book = await newBook("Priscilla Teaches Apollos", 4);
    const page = await context.newPage();
    await placePayPalOrder(page, book, { fullName: "Priscilla of Rome" });
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(backToConfirmation(page)).resolves.toContain("Paid with PayPal.");
    const { order } = await orderOf(book.id);
    expect(order).toMatchObject({ payment_status: "paid", customer_email: email });
    expect(order.user_id).not.toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto(`${site()}/order-history`);
    const card = page.getByTestId("order-card").filter({ hasText: order.id });
    await expect(card.getByTestId("order-payment-status").innerText()).resolves.toBe("Paid · PayPal");
    await page.screenshot({ path: path.join(SHOTS, "order-history-360.png"), fullPage: true });
    await context.close();
  });

  it("a buyer who cancels at PayPal pays with PayPal again from the confirmation", async () => {
    const { book, context, page } = await guestAtPayPal("Lydia, Seller of Purple", 4, {
      email: "lydia.cancels@example.com",
      fullName: "Lydia",
    });
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(backToConfirmation(page)).resolves.toContain("The PayPal payment was cancelled.");
    expect((await orderOf(book.id)).stock).toBe(2);

    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await reachPayPal(page);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(backToConfirmation(page)).resolves.toContain("Paid with PayPal.");
    const { order, stock } = await orderOf(book.id);
    expect(order.payment_status).toBe("paid");
    expect(stock).toBe(2);
    expect([...standIn.orders.values()].filter((o) => o.purchase_units[0]!.custom_id === order.id)).toHaveLength(1);
    await context.close();
  });

  it("a declined funding source sends the buyer back to PayPal to choose another, then the order is paid", async () => {
    const { book, context, page } = await guestAtPayPal("Dorcas Full of Good Works", 4, {
      email: "dorcas@example.com",
      fullName: "Dorcas",
    });
    // The buyer comes back before PayPal's events: the shop's own capture is the one declined.
    standIn.holdWebhooks();
    standIn.setNextCapture("declined");
    await page.getByRole("button", { name: "Pay" }).click();
    // Declined: straight back on PayPal's page.
    await page.waitForURL((url) => url.origin === standIn.url && url.pathname === "/checkoutnow");
    expect((await orderOf(book.id)).order.payment_status).toBe("awaiting_payment");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(backToConfirmation(page)).resolves.toContain("Paid with PayPal.");
    await standIn.sendHeld();
    standIn.holdWebhooks(false);
    const after = await orderOf(book.id);
    expect(after.order.payment_status).toBe("paid");
    expect(capturesOf(after.order.paypal_order_id)).toHaveLength(1);
    expect(after.received).toBe(1);
    expect(after.mails).toEqual(["new-order-notice", "order-confirmation"]);
    await context.close();
  });

  it("the return racing the webhook: one order, one capture, one payment recorded", async () => {
    const { book, context, page } = await guestAtPayPal("Barnabas the Encourager", 4, {
      email: "barnabas@example.com",
      fullName: "Joseph Barnabas",
    });
    standIn.holdWebhooks();
    await page.getByRole("button", { name: "Pay" }).click();
    // The approval's event and the buyer's return reach the shop together.
    const [state] = await Promise.all([backToConfirmation(page), standIn.sendHeld()]);
    standIn.holdWebhooks(false);
    expect(state).toMatch(/Paid with PayPal|PayPal is confirming your payment/);
    await standIn.settled();
    await page.reload();
    await expect(page.getByTestId("payment-state").innerText()).resolves.toContain("Paid with PayPal.");
    const after = await orderOf(book.id);
    const orders = await withDb((db) =>
      db.selectFrom("orders").select("id").where("customer_email", "=", "barnabas@example.com").execute(),
    );
    expect(orders).toHaveLength(1);
    expect(capturesOf(after.order.paypal_order_id)).toHaveLength(1);
    expect(after.received).toBe(1);
    expect(after.mails).toEqual(["new-order-notice", "order-confirmation"]);
    expect(after.stock).toBe(2);
    await context.close();
  });

  it("staff refund part of a PayPal order from the admin, through PayPal", async () => {
    expect(paidByGuest).not.toBeNull();
    const { orderId } = paidByGuest!;
    const admin: BrowserContext = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openAsOwner(shop, admin, "/admin/orders");
    const row = page.locator(`[data-order-id="${orderId}"]`);
    await expect(row.getByTestId("payment-method").innerText()).resolves.toBe("PayPal");
    const dialog = await openOrderDetails(page, orderId);
    await expect(dialog.getByTestId("order-payment").innerText()).resolves.toContain("PayPal");
    await dialog.getByLabel("Refund amount").fill("10");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    const alert = page.getByRole("alertdialog");
    await expect(alert.innerText()).resolves.toContain("refunded to the customer's PayPal account through PayPal");
    await alert.getByRole("button", { name: "Refund", exact: true }).click();
    await expectToast(page, `$10.00 refunded for order ${orderId}.`);
    await standIn.settled();
    const { order, mails } = await orderOf(paidByGuest!.bookId);
    expect(order).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 1000 });
    expect([...standIn.refunds.values()].map((refund) => [refund.capture_id, refund.amount])).toEqual([
      [order.payment_reference, 1000],
    ]);
    expect(mails).toEqual(["new-order-notice", "order-confirmation", "refunded"]);
    await page.screenshot({ path: path.join(SHOTS, "admin-refunded-1280.png"), fullPage: true });
    await admin.close();
  });
});
