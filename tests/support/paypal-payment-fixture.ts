import type { DatabaseEngine } from "#server/db/database.ts";
import { startPayPalPayment } from "#server/payments/paypal/start-paypal-payment.ts";
import { insertCardOrder } from "./card-order.ts";
import { enablePayPalPayments } from "./payment-settings.ts";
import { startPayPalStandIn, type PayPalStandIn } from "./paypal-stand-in.ts";
import { insertTestBook } from "./test-books.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { inspectOrders, type OrderInspection } from "./order-inspection.ts";

export interface PayPalPaymentFixture extends OrderInspection {
  testApp: TestApp;
  standIn: PayPalStandIn;
  /** A book with stock 10 before any order. */
  bookId: string;
  /**
   * Places a PayPal order for 2 copies at 12.50 plus 5.00 shipping (stock taken) and creates its
   * PayPal order in the stand-in: its id and approval URL.
   */
  placePayPalOrder(options?: {
    quantity?: number;
    taxCents?: number;
    discountCents?: number;
  }): Promise<{ orderId: string; paypalOrderId: string; url: string }>;
  /** The buyer pays on PayPal's page (approves), and is sent back: the return address. */
  approve(url: string): Promise<URL>;
  cleanup(): Promise<void>;
}

/**
 * The real app (in-process, `app.request`) with PayPal configured against the PayPal stand-in,
 * whose webhooks go straight into the app (signed and verifiable by the stand-in only).
 */
export async function startPayPalPaymentFixture(
  engine: DatabaseEngine,
  options: { merchantId?: string | null } = {},
): Promise<PayPalPaymentFixture> {
  const standIn = await startPayPalStandIn();
  const testApp = await createTestApp(engine, { env: { PAYPAL_API_URL: standIn.url } });
  const { db, env } = testApp.services;
  standIn.setWebhook((request) => testApp.app.request(request));
  await enablePayPalPayments(db, env.APP_SECRET, options);
  const bookId = await insertTestBook(db, { stock: 10 });

  return {
    testApp,
    standIn,
    bookId,
    async placePayPalOrder(placing = {}) {
      const orderId = await insertCardOrder(db, { ...placing, bookId, method: "paypal" });
      const { url } = await startPayPalPayment(testApp.services, { orderId });
      const { paypal_order_id } = await db
        .selectFrom("orders")
        .select("paypal_order_id")
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      return { orderId, paypalOrderId: paypal_order_id!, url };
    },
    async approve(url) {
      const answer = await fetch(url, {
        method: "POST",
        body: new URLSearchParams({ action: "pay" }),
        redirect: "manual",
      });
      if (answer.status !== 303) throw new Error(`PayPal's page answered ${answer.status}`);
      return new URL(answer.headers.get("location")!);
    },
    ...inspectOrders(db, bookId),
    async cleanup() {
      await standIn.close();
      await testApp.cleanup();
    },
  };
}
