import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { cancelOrder } from "#server/orders/cancel-order.ts";
import { refundOrder } from "#server/orders/refund-order.ts";
import { failingFirstWrite } from "#tests/support/failing-write.ts";
import { startPayPalPaymentFixture, type PayPalPaymentFixture } from "#tests/support/paypal-payment-fixture.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { withPayPalOrderLock } from "./paypal-order-lock.ts";
import { settlePayPalOrder } from "./settle-paypal-order.ts";

// Staff refunds and cancellations of PayPal orders, through the Captures refund API of the stand-in.
describe.each(TEST_ENGINES)("PayPal refunds and cancellations on %s", (engine) => {
  const [f, setF] = useFixtureSetByTests<PayPalPaymentFixture>();

  /** A PayPal order paid through the webhook's capture: its ids. */
  async function paidPayPalOrder() {
    setF(await startPayPalPaymentFixture(engine));
    const placed = await f.placePayPalOrder();
    await f.standIn.approve(placed.paypalOrderId);
    await f.standIn.settled();
    const captureId = f.standIn.orders.get(placed.paypalOrderId)!.capture_ids[0]!;
    expect(await f.order(placed.orderId)).toMatchObject({ payment_status: "paid", payment_reference: captureId });
    return { ...placed, captureId };
  }
  const refundRequests = () => f.standIn.requests().filter((r) => r.method === "POST" && r.path.endsWith("/refund"));

  it("refunds in part and then the rest, each with a request id of its attempt; PayPal's events change nothing more", async () => {
    const { orderId, captureId } = await paidPayPalOrder();
    const services = f.testApp.services;
    const first = await refundOrder(services, { orderId, amount: 1000, requestId: "form-1", refundedBefore: 0 });
    expect(first).toMatchObject({ paymentStatus: "partially_refunded", refundedCents: 1000, changed: true });
    await f.standIn.settled();
    const rest = await refundOrder(services, { orderId, amount: null, requestId: "form-2", refundedBefore: 1000 });
    expect(rest).toMatchObject({ paymentStatus: "refunded", refundedCents: 2000, changed: true });
    await f.standIn.settled();

    expect(refundRequests().map((r) => [r.path, r.requestId, r.body])).toEqual([
      [
        `/v2/payments/captures/${captureId}/refund`,
        `refund:${orderId}:refund:0:1000`,
        { amount: { currency_code: "USD", value: "10.00" }, custom_id: "refund:0:1000" },
      ],
      [
        `/v2/payments/captures/${captureId}/refund`,
        `refund:${orderId}:refund:1000:2000`,
        { amount: { currency_code: "USD", value: "20.00" }, custom_id: "refund:1000:2000" },
      ],
    ]);
    expect(
      f.standIn
        .deliveries()
        .filter((d) => d.type === "PAYMENT.CAPTURE.REFUNDED")
        .map((d) => d.status),
    ).toEqual([200, 200]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: 3000 });
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation", "refunded", "refunded"]);
    const steps = (await f.history(orderId)).map((step) => step.status);
    expect(steps.filter((status) => status === "Partially refunded")).toHaveLength(1);
    expect(steps.filter((status) => status === "Refunded")).toHaveLength(1);
    // The first form posted again refunds nothing more.
    await expect(
      refundOrder(services, { orderId, amount: 1000, requestId: "form-1", refundedBefore: 0 }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(refundRequests()).toHaveLength(2);
  });

  it("refunds once when the button is pressed twice at once", async () => {
    const { orderId } = await paidPayPalOrder();
    const services = f.testApp.services;
    const results = await Promise.all([
      refundOrder(services, { orderId, amount: null }),
      refundOrder(services, { orderId, amount: null }),
    ]);
    await f.standIn.settled();
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(f.standIn.refunds.size).toBe(1);
    expect(new Set(refundRequests().map((r) => r.requestId)).size).toBe(1);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: 3000 });
  });

  it("a refund PayPal made but the shop could not record is the same refund when staff try again", async () => {
    const { orderId } = await paidPayPalOrder();
    f.standIn.holdWebhooks();
    const services = f.testApp.services;
    await expect(
      refundOrder(failingFirstWrite(services), { orderId, amount: 1000, requestId: "form-1" }),
    ).rejects.toThrow("the database went away");
    expect((await f.order(orderId)).amount_refunded_cents).toBe(0);
    const again = await refundOrder(services, { orderId, amount: 1000, requestId: "form-2" });
    expect(again).toMatchObject({ refundedCents: 1000, changed: true });
    expect(f.standIn.refunds.size).toBe(1);
    await f.standIn.sendHeld();
    expect((await f.order(orderId)).amount_refunded_cents).toBe(1000);
  });

  it("cancelling a paid PayPal order refunds it in full through PayPal and gives the stock back", async () => {
    const { orderId } = await paidPayPalOrder();
    const cancelled = await cancelOrder(f.testApp.services, { orderId });
    await f.standIn.settled();
    expect(cancelled).toMatchObject({ status: "Cancelled", paymentStatus: "refunded", refundedCents: 3000 });
    expect(await f.bookStock()).toBe(10);
    expect(await f.outbox(orderId)).toEqual(["cancelled", "new-order-notice", "order-confirmation"]);
    expect((await f.history(orderId)).at(-1)!.note).toContain("Refunded in full through PayPal");
  });

  it("cancelling an approved order nobody captured voids it, and the approval is never captured afterwards", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    await f.standIn.approve(paypalOrderId);
    const cancelled = await cancelOrder(f.testApp.services, { orderId });
    expect(cancelled).toMatchObject({ status: "Cancelled", paymentStatus: "voided", stockReturned: true });
    await f.standIn.sendHeld();
    expect(f.standIn.deliveries().map((d) => d.status)).toEqual([200]);
    expect(f.standIn.requests().filter((r) => r.path.endsWith("/capture"))).toHaveLength(0);
    expect(await f.bookStock()).toBe(10);
  });

  it("a staff cancel waits its turn while the order's settle step holds it, and nothing is captured after", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    await f.standIn.approve(paypalOrderId);
    const { services } = f.testApp;
    const log: string[] = [];
    // Another request's settle step (the return page, say) holds the order's turn.
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release!: () => void;
    const turn = withPayPalOrderLock(services, orderId, async () => {
      log.push("settle in");
      holding();
      await new Promise<void>((resolve) => (release = resolve));
      log.push("settle out");
    });
    await held;
    // The cancel as staff make it, through PayPal's provider, watched: when it asks for the order's
    // turn, and when its work begins.
    const paypal = services.paymentProviders.paypal;
    let asked!: () => void;
    const askedForTurn = new Promise<void>((resolve) => (asked = resolve));
    const watched = {
      ...services,
      paymentProviders: {
        ...services.paymentProviders,
        paypal: {
          ...paypal,
          exclusive<T>(id: string, work: () => Promise<T>) {
            asked();
            return paypal.exclusive!(id, () => {
              log.push("cancel in");
              return work();
            });
          },
        },
      },
    };
    let cancelDone = false;
    const cancelling = cancelOrder(watched, { orderId }).then((result) => {
      cancelDone = true;
      return result;
    });
    await askedForTurn;
    // Until its first try at the lock is over. PostgreSQL: each try borrows a pooled connection and
    // gives it back when refused (let in, it would keep it). SQLite: a queue in this process, which
    // lets a caller in without any I/O: a turn of the event loop is as long as an open lock takes.
    const { native } = services.database;
    if (native.engine === "postgres") await once(native.pool, "release");
    else await new Promise((resolve) => setImmediate(resolve));
    expect(cancelDone).toBe(false);
    expect(log).toEqual(["settle in"]);
    release();
    await turn;
    expect(await cancelling).toMatchObject({ status: "Cancelled", paymentStatus: "voided" });
    expect(log).toEqual(["settle in", "settle out", "cancel in"]);
    // The settle step that comes next finds the order cancelled: no capture.
    await settlePayPalOrder(f.testApp.services, { orderId });
    expect(f.standIn.requests().filter((r) => r.path.endsWith("/capture"))).toHaveLength(0);
  });

  it("refuses to cancel while PayPal holds the payment (pending)", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.setNextCapture("pending");
    await f.standIn.approve(paypalOrderId);
    await f.standIn.settled();
    await expect(cancelOrder(f.testApp.services, { orderId })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "payment-settling",
    });
    expect(await f.order(orderId)).toMatchObject({ status: "Pending", payment_status: "awaiting_payment" });
  });
});
