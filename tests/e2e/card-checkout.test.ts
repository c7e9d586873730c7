import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { enableCardPayments, TEST_STRIPE_WEBHOOK_SECRET } from "#tests/support/payment-settings.ts";
import { useShop, useStripeStandIn } from "#tests/support/shop-fixture.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import {
  placeOrderToPaymentPage,
  reachPaymentPage,
  readBookOrder,
  type CheckoutBook,
  type PaymentPage,
} from "#tests/support/provider-checkout.ts";
import { waitForHydration } from "#tests/support/storefront-page.ts";

const APP_SECRET = "e2e-card-checkout-".padEnd(40, "c");
const SHOTS = path.resolve("test-results/card-checkout");

// A buyer's whole card purchase through the pages: cart, /checkout, Stripe's hosted page (the
// stand-in, over real HTTP), back to the order confirmation; the signed webhook reaches the
// built server as Stripe's would.
describe("card checkout in a browser, with Stripe played by the stand-in", () => {
  const env: Record<string, string> = { APP_SECRET };
  const standIn = useStripeStandIn(env, { webhookSecret: TEST_STRIPE_WEBHOOK_SECRET });
  const shop = useShop(env);

  const { withDb } = shop;

  async function newBook(title: string, stock: number) {
    const id = await withDb((db) => insertTestBook(db, { title, stock, priceCents: 1500 }));
    return { id, name: title, priceCents: 1500, stock };
  }

  beforeAll(async () => {
    standIn.setWebhook(`${shop.server.url}/webhooks/stripe`);
    await withDb((db) => enableCardPayments(db, APP_SECRET));
  });

  const stripePage = (): PaymentPage => ({ provider: "Stripe", url: standIn.url });

  /** Fills the cart, follows Proceed to Checkout, fills the form for card payment and places the order. */
  async function placeCardOrder(page: Page, book: CheckoutBook) {
    await placeOrderToPaymentPage(page, {
      shop,
      // Stripe sends the buyer back to PUBLIC_URL (http://localhost:<port> here): shop on that host,
      // so the cookie that lets this browser see its order comes back with the buyer.
      siteUrl: shop.server.url.replace("127.0.0.1", "localhost"),
      book,
      buyer: {
        email: "card.buyer@example.com",
        fullName: "Lydia Purple",
        street: "3 Thyatira Road",
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
      },
      method: /^Card/,
      paymentPage: stripePage(),
    });
  }

  const reachStripePage = (page: Page) => reachPaymentPage(page, shop, stripePage());

  const orderOf = (bookId: string) => withDb((db) => readBookOrder(db, bookId));

  it("a guest pays by card: paid at once on return even before the webhook, which then changes nothing (1280 px)", async () => {
    const book = await newBook("Lydia, Seller of Purple", 5);
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await placeCardOrder(page, book);
    expect((await orderOf(book.id)).order).toMatchObject({
      payment_status: "awaiting_payment",
      payment_method: "card",
      total_cents: 2 * 1500 + 500,
    });
    expect((await orderOf(book.id)).stock).toBe(3);

    // The webhook lags: the return page asks Stripe itself.
    standIn.holdWebhooks();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));
    await expect(page.getByTestId("payment-state").innerText()).resolves.toContain("Paid");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "paid-1280.png"), fullPage: true });

    const held = await standIn.sendHeld();
    standIn.holdWebhooks(false);
    expect(held.map((d) => d.status)).toEqual([200]);
    const after = await orderOf(book.id);
    expect(after.order).toMatchObject({ payment_status: "paid", amount_paid_cents: 3500 });
    expect(after.stock).toBe(3);
    expect(after.mails).toEqual(["new-order-notice", "order-confirmation"]);
    // The cart became the order: it is empty now (the page's island emptied it once hydrated).
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /^Open your collection, 0 items/ }).count()).resolves.toBe(1);
    await context.close();
  });

  it("a buyer who cancels on Stripe's page can pay by card again from the confirmation (360 px)", async () => {
    const book = await newBook("Priscilla and Aquila", 4);
    const context = await shop.browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await placeCardOrder(page, book);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));
    await expect(page.getByTestId("payment-state").innerText()).resolves.toContain("The card payment was cancelled.");
    expect((await orderOf(book.id)).stock).toBe(2);
    await page.screenshot({ path: path.join(SHOTS, "cancelled-360.png"), fullPage: true });

    await page.getByRole("button", { name: "Pay by card" }).click();
    await reachStripePage(page);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/order-confirmation/"));
    await expect(page.getByTestId("payment-state").innerText()).resolves.toContain("Paid");
    const { order, stock } = await orderOf(book.id);
    expect(order.payment_status).toBe("paid");
    expect(stock).toBe(2);
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls).toBe(false);
    await context.close();
  });
});
