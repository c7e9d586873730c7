import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { BACKGROUND_JOBS } from "#server/jobs/job-list.ts";
import { insertCardOrder } from "#tests/support/card-order.ts";
import { startPayPalPaymentFixture } from "#tests/support/paypal-payment-fixture.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { reconcilePayPalOrders, RECONCILE_RETRY_MS } from "./reconcile-paypal-orders.ts";

describe.each(TEST_ENGINES)("reconciling PayPal orders on %s", (engine) => {
  const f = useFixture(() => startPayPalPaymentFixture(engine));

  /** The job's services, `minutes` from now. */
  const after = (minutes: number) => {
    const at = new Date(Date.now() + minutes * 60_000);
    return { ...f.testApp.services, clock: () => at };
  };
  const asked = () => f.standIn.requests().filter((r) => r.method === "GET").length;

  it("is one of the server's jobs, every minute", () => {
    expect(BACKGROUND_JOBS.find((job) => job.name === "reconcile-paypal-orders")?.everyMs).toBe(60_000);
  });

  it("captures an approval whose return and webhook both went missing, a few minutes on, and only then", async () => {
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    await f.standIn.approve(paypalOrderId);
    f.standIn.dropHeld();
    expect((await reconcilePayPalOrders(after(1))).size).toBe(0);
    expect(asked()).toBe(0);

    const results = await reconcilePayPalOrders(after(4));
    expect(results.get(orderId)).toMatchObject({ paymentStatus: "paid", moved: "paid" });
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: 3000 });
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
    expect(await f.bookStock()).toBe(8);
    // Paid: no longer asked about.
    expect((await reconcilePayPalOrders(after(5))).size).toBe(0);
  });

  it("an abandoned approval page expires when the hold ends and gives the stock back; a late approval is never captured", async () => {
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    // Within the hold: asked, and left waiting for the buyer.
    expect((await reconcilePayPalOrders(after(5))).get(orderId)).toMatchObject({
      paymentStatus: "awaiting_payment",
      moved: null,
    });
    expect(await f.bookStock()).toBe(8);

    const results = await reconcilePayPalOrders(after(16));
    expect(results.get(orderId)).toMatchObject({ paymentStatus: "expired", moved: "expired" });
    expect(await f.order(orderId)).toMatchObject({
      payment_status: "expired",
      status: "Cancelled",
      stock_taken: expect.anything(),
    });
    expect(await f.bookStock()).toBe(10);
    expect((await f.history(orderId)).at(-1)).toMatchObject({
      status: "Payment not completed",
      note: "The PayPal payment was not completed in time.",
    });

    // The buyer approves at PayPal after all: the shop takes no money for an expired order.
    await f.standIn.approve(paypalOrderId);
    await f.standIn.settled();
    expect(f.standIn.deliveries().map((d) => d.status)).toEqual([200]);
    expect(f.standIn.requests().filter((r) => r.path.endsWith("/capture"))).toHaveLength(0);
    expect((await f.order(orderId)).payment_status).toBe("expired");
    expect(await f.bookStock()).toBe(10);
  });

  it("an order whose PayPal order was never created expires when its hold ends, without asking PayPal", async () => {
    // PayPal could not be reached at checkout: the order waits with no PayPal order.
    const orderId = await insertCardOrder(f.testApp.services.db, { bookId: f.bookId, quantity: 1, method: "paypal" });
    expect((await reconcilePayPalOrders(after(16))).get(orderId)).toMatchObject({ paymentStatus: "expired" });
    expect(asked()).toBe(0);
    expect(await f.bookStock()).toBe(10);
  });

  it("PayPal unreachable: the order is left as it is and asked again later, behind the others", async () => {
    const { orderId } = await f.placePayPalOrder();
    f.standIn.failNextRequests(100, 503);
    const later = after(16);
    expect((await reconcilePayPalOrders(later)).get(orderId)).toMatchObject({ unreachable: true });
    f.standIn.failNextRequests(0);
    const order = await f.order(orderId);
    expect(order.payment_status).toBe("awaiting_payment");
    expect(order.payment_expires_at).toBe(new Date(later.clock().getTime() + RECONCILE_RETRY_MS).toISOString());
    expect(await f.bookStock()).toBe(8);
  });

  it("asks about a capture PayPal holds only when its long deadline comes, not every minute", async () => {
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.setNextCapture("pending");
    await f.standIn.approve(paypalOrderId);
    await f.standIn.settled();
    const before = asked();
    expect((await reconcilePayPalOrders(after(20))).size).toBe(0);
    expect(asked()).toBe(before);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
  });
});
