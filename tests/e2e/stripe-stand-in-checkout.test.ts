import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { startCardPayment } from "#server/payments/stripe/start-card-payment.ts";
import { insertCardOrder } from "#tests/support/card-order.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { enableCardPayments, TEST_STRIPE_WEBHOOK_SECRET } from "#tests/support/payment-settings.ts";
import { useShop, useStripeStandIn } from "#tests/support/shop-fixture.ts";

const APP_SECRET = "e2e-stripe-".padEnd(40, "s");

// The built server as its own process, with Stripe played by the stand-in over real HTTP: the
// buyer pays on the stand-in's page in Chromium and the signed webhook reaches the server.
describe("card payment through the Stripe stand-in, in a browser", () => {
  const env: Record<string, string> = { APP_SECRET };
  const standIn = useStripeStandIn(env, { webhookSecret: TEST_STRIPE_WEBHOOK_SECRET });
  // Reads env when its own beforeAll runs, after the stand-in above has started.
  const shop = useShop(env);

  it("Pay on Stripe's page: the webhook marks the order paid and the buyer lands on the order page", async () => {
    standIn.setWebhook(`${shop.server.url}/webhooks/stripe`);
    const handle = shop.openDatabase();
    try {
      const db = handle.db;
      await enableCardPayments(db, APP_SECRET);
      const bookId = await insertTestBook(db, { stock: 5 });
      const orderId = await insertCardOrder(db, { bookId });
      const { url } = await startCardPayment(
        { db, env: { APP_SECRET, PUBLIC_URL: shop.server.url, STRIPE_API_URL: standIn.url }, clock: () => new Date() },
        { orderId },
      );

      const page = await shop.browser.newPage();
      await page.goto(url);
      const returned = page.waitForRequest((request) =>
        request.url().includes(`/order-confirmation/${orderId}?session_id=`),
      );
      await page.getByRole("button", { name: "Pay" }).click();
      const sessionId = standIn.sessionForOrder(orderId)!.id;
      expect(new URL((await returned).url()).searchParams.get("session_id")).toBe(sessionId);
      // This browser did not place the order (it was written straight into the database), so
      // the confirmation, which shows the address, sends it on to Track Order for that id.
      await page.waitForURL((address) => address.pathname === "/track-order");
      expect(new URL(page.url()).searchParams.get("orderId")).toBe(orderId);
      await page.close();

      expect(standIn.deliveries()).toMatchObject([{ type: "checkout.session.completed", status: 200 }]);
      const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ payment_status: "paid", amount_paid_cents: 3000 });

      // The same body with a signature made with another secret: 400, over real HTTP too.
      const event = standIn.events.values().next().value!;
      const payload = JSON.stringify(event);
      const response = await fetch(`${shop.server.url}/webhooks/stripe`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" }),
        },
        body: payload,
      });
      expect(response.status).toBe(400);
      expect(shop.server.output()).not.toContain(TEST_STRIPE_WEBHOOK_SECRET);
    } finally {
      await handle.close();
    }
  });
});
