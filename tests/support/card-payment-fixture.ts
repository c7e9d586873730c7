import type { DatabaseEngine } from "#server/db/database.ts";
import { startCardPayment } from "#server/payments/stripe/start-card-payment.ts";
import { insertCardOrder } from "./card-order.ts";
import { insertTestBook } from "./test-books.ts";
import { enableCardPayments, TEST_STRIPE_WEBHOOK_SECRET } from "./payment-settings.ts";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { inspectOrders, type OrderInspection } from "./order-inspection.ts";

export interface CardPaymentFixture extends OrderInspection {
  testApp: TestApp;
  standIn: StripeStandIn;
  /** A book with stock 10 before any order. */
  bookId: string;
  /** Places a card order for 2 copies (stock taken) and opens its Checkout Session in the stand-in. */
  placeCardOrder(options?: {
    quantity?: number;
    taxCents?: number;
    discountCents?: number;
  }): Promise<{ orderId: string; sessionId: string; url: string }>;
  cleanup(): Promise<void>;
}

/**
 * The real app (in-process, `app.request`) with card payments configured against the Stripe
 * stand-in, whose webhooks go straight into the app.
 */
export async function startCardPaymentFixture(engine: DatabaseEngine): Promise<CardPaymentFixture> {
  const standIn = await startStripeStandIn({ webhookSecret: TEST_STRIPE_WEBHOOK_SECRET });
  const testApp = await createTestApp(engine, { env: { STRIPE_API_URL: standIn.url } });
  const { db, env } = testApp.services;
  standIn.setWebhook((request) => testApp.app.request(request));
  await enableCardPayments(db, env.APP_SECRET);
  const bookId = await insertTestBook(db, { stock: 10 });

  return {
    testApp,
    standIn,
    bookId,
    async placeCardOrder(options = {}) {
      const orderId = await insertCardOrder(db, { ...options, bookId });
      const { url } = await startCardPayment(testApp.services, { orderId });
      const { stripe_session_id } = await db
        .selectFrom("orders")
        .select("stripe_session_id")
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      return { orderId, sessionId: stripe_session_id!, url };
    },
    ...inspectOrders(db, bookId),
    async cleanup() {
      await standIn.close();
      await testApp.cleanup();
    },
  };
}
