import type { Kysely } from "kysely";
import type { Page } from "playwright-core";
import { CART_STORAGE_KEY } from "#app/features/cart/cart-store.ts";
import type { Database } from "#server/db/schema.ts";
import { fillCheckoutAddress } from "./checkout-page.ts";
import type { Shop } from "./shop-fixture.ts";
import { waitForHydration } from "./storefront-page.ts";

/*
 * The steps a browser test takes to pay through a provider's page (card-checkout.test.ts with
 * Stripe's stand-in, paypal-checkout.test.ts with PayPal's): placing the order, reaching the
 * provider, and reading back what the order became.
 */

export interface CheckoutBook {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
}

/** The provider whose page the buyer is sent to: its name as a failure says it, and its stand-in's address. */
export interface PaymentPage {
  provider: string;
  url: string;
}

/**
 * Puts two copies of the book in the cart on the shop at `siteUrl`, follows Proceed to Checkout,
 * types the buyer, chooses the payment method (`method`: its radio's name) and places the order,
 * then waits for the provider's page (reachPaymentPage).
 */
export async function placeOrderToPaymentPage(
  page: Page,
  input: {
    shop: Shop;
    siteUrl: string;
    book: CheckoutBook;
    buyer: Parameters<typeof fillCheckoutAddress>[1];
    method: RegExp;
    paymentPage: PaymentPage;
  },
): Promise<void> {
  await page.goto(`${input.siteUrl}/`);
  await page.evaluate(({ key, line }) => window.localStorage.setItem(key, JSON.stringify([line])), {
    key: CART_STORAGE_KEY,
    line: { ...input.book, quantity: 2, image: null },
  });
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Open your collection/ }).click();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await page.waitForURL((url) => url.pathname === "/checkout");
  // The form's island (decision 21) hydrated first, as in checkout.test.ts. Typed earlier (about
  // 0.3 s into the page's life, on a busy machine), Playwright's fill was sometimes dropped: the
  // field took the focus, but no input event came, and the form's check found the e-mail empty.
  await waitForHydration(page);
  await fillCheckoutAddress(page, input.buyer);
  await page.getByRole("radio", { name: input.method }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await reachPaymentPage(page, input.shop, input.paymentPage);
}

/**
 * Waits for the provider's payment page (its stand-in's). If the buyer lands anywhere else (the
 * checkout's refusal, the confirmation's "try paying again"), fails with what that page says
 * and the end of the server's log, so a failure explains itself.
 */
export async function reachPaymentPage(page: Page, shop: Shop, paymentPage: PaymentPage): Promise<void> {
  try {
    await page.waitForURL((url) => url.origin === paymentPage.url);
  } catch (error) {
    const shown = await page
      .locator('main [role="alert"], [data-testid="toast"], [data-testid="payment-state"]')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `${paymentPage.provider}'s page was not reached: the browser is at ${page.url()}, showing ${JSON.stringify(shown)}.\n` +
        `The server's log ends with:\n${shop.server.output().slice(-4000)}`,
      { cause: error },
    );
  }
}

/**
 * The order placed for a book (a test's books are each bought once), its mails' kinds (sorted),
 * how many "Payment received" steps it has, and the book's stock now.
 */
export async function readBookOrder(db: Kysely<Database>, bookId: string) {
  const item = await db
    .selectFrom("order_items")
    .select("order_id")
    .where("book_id", "=", bookId)
    .executeTakeFirstOrThrow();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", item.order_id).executeTakeFirstOrThrow();
  const mails = await db.selectFrom("mail_outbox").select("kind").where("order_id", "=", order.id).execute();
  const steps = await db.selectFrom("order_status_history").select("status").where("order_id", "=", order.id).execute();
  const book = await db.selectFrom("books").select("stock").where("id", "=", bookId).executeTakeFirstOrThrow();
  return {
    order,
    mails: mails.map((m) => m.kind).sort(),
    received: steps.filter((s) => s.status === "Payment received").length,
    stock: book.stock,
  };
}
