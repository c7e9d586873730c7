import { describe, expect, it, vi } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { startCardPaymentFixture } from "#tests/support/card-payment-fixture.ts";
import { insertCardOrder } from "#tests/support/card-order.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { startCardPayment } from "./start-card-payment.ts";
import { syncCardPaymentOnReturn } from "./sync-card-payment-on-return.ts";

describe.each(TEST_ENGINES)("card payment flow on %s", (engine) => {
  const f = useFixture(() => startCardPaymentFixture(engine));

  const pay = (url: string, action: "pay" | "cancel") =>
    fetch(url, { method: "POST", body: new URLSearchParams({ action }), redirect: "manual" });

  it("startCardPayment → Stripe's page → Pay → webhook → paid, and the buyer returns to the order", async () => {
    const { orderId, sessionId, url } = await f.placeCardOrder();
    expect(url).toBe(`${f.standIn.url}/pay/${sessionId}`);
    const created = f.standIn.requests().find((r) => r.path === "/v1/checkout/sessions")!;
    expect(created.body).toMatchObject({
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      customer_email: "buyer@example.com",
      // Instant methods only: a delayed one (a bank debit, a voucher) would hold the stock for days.
      allowed_payment_method_types: ["card", "link"],
      line_items: [
        { quantity: "2", price_data: { currency: "usd", unit_amount: "1250" } },
        { quantity: "1", price_data: { unit_amount: "500" } },
      ],
    });
    expect(created.idempotencyKey).toBe(`checkout-session:${orderId}:first`);
    // A reload gets the same open session.
    expect((await startCardPayment(f.testApp.services, { orderId })).url).toBe(url);
    expect(f.standIn.sessions.size).toBe(1);

    expect((await fetch(url)).status).toBe(200);
    const paid = await pay(url, "pay");
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(back.pathname).toBe(`/order-confirmation/${orderId}`);
    expect(back.searchParams.get("session_id")).toBe(sessionId);
    // The webhook arrived before the buyer was sent back: paid even if they never come back.
    expect(f.standIn.deliveries()).toMatchObject([{ type: "checkout.session.completed", status: 200 }]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: 3000 });
    expect(await syncCardPaymentOnReturn(f.testApp.services, { orderId, sessionId })).toBe("paid");
    await expect(startCardPayment(f.testApp.services, { orderId })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("charges the sales tax as its own line, so the card pays the order's total exactly", async () => {
    // 2 × $12.50 + $5.00 shipping + $1.75 tax (Tennessee, 7 %).
    const { orderId, url } = await f.placeCardOrder({ taxCents: 175 });
    const created = f.standIn.requests().find((r) => r.path === "/v1/checkout/sessions")!;
    expect(created.body).toMatchObject({
      line_items: [
        { quantity: "2", price_data: { unit_amount: "1250" } },
        { quantity: "1", price_data: { unit_amount: "500" } },
        { quantity: "1", price_data: { unit_amount: "175", product_data: { name: "Sales tax: Tennessee 7 %" } } },
      ],
    });
    expect((await pay(url, "pay")).status).toBe(303);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: 3175 });
  });

  it("takes a discount code off through a coupon made for the session, so the card pays the order's total exactly", async () => {
    // 2 × $12.50 − $3.00 (code) + $5.00 shipping + $1.75 tax.
    const { orderId, sessionId, url } = await f.placeCardOrder({ discountCents: 300, taxCents: 175 });
    const coupon = f.standIn.requests().find((r) => r.path === "/v1/coupons")!;
    expect(coupon.body).toMatchObject({
      amount_off: "300",
      currency: "usd",
      duration: "once",
      max_redemptions: "1",
      name: "Discount (SPRING)",
    });
    const session = f.standIn.sessions.get(sessionId)!;
    expect(session.discounts).toHaveLength(1);
    expect(session).toMatchObject({
      amount_subtotal: 3175,
      amount_total: 2875,
      total_details: { amount_discount: 300 },
    });
    expect((await pay(url, "pay")).status).toBe(303);
    expect(await f.order(orderId)).toMatchObject({
      payment_status: "paid",
      amount_paid_cents: 2875,
      total_cents: 2875,
    });
  });

  it("a double-click on Place Order opens one session and sends both requests to it", async () => {
    const services = f.testApp.services;
    const orderId = await insertCardOrder(services.db, { bookId: f.bookId, quantity: 1 });
    // Each request reads the clock a moment later, so its session would expire a moment later:
    // Stripe refuses the second use of the attempt's key with other parameters.
    let now = Date.now();
    const deps = { ...services, clock: () => new Date((now += 1000)) };
    const release = f.standIn.holdSessionCreation();
    const creations = () => f.standIn.requests().filter((r) => r.path === "/v1/checkout/sessions");
    const both = Promise.all([startCardPayment(deps, { orderId }), startCardPayment(deps, { orderId })]);
    await vi.waitFor(() => expect(creations()).toHaveLength(2));
    release();
    const [first, second] = await both;
    expect(second.url).toBe(first.url);
    expect(f.standIn.sessions.size).toBe(1);
    expect(creations().map((r) => r.status)).toEqual([200, 400]);
  });

  it("the return page finds the payment when the webhook lags, and the late webhook changes nothing", async () => {
    const { orderId, sessionId, url } = await f.placeCardOrder();
    f.standIn.holdWebhooks();
    await pay(url, "pay");
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(await syncCardPaymentOnReturn(f.testApp.services, { orderId, sessionId })).toBe("paid");
    expect(await f.outbox(orderId)).toHaveLength(2);
    await f.standIn.sendHeld();
    expect(f.standIn.deliveries().at(-1)!.status).toBe(200);
    expect(await f.outbox(orderId)).toHaveLength(2);
    expect((await f.history(orderId)).filter((h) => h.status === "Payment received")).toHaveLength(1);
  });

  it("the return page asks Stripe only about the order's own session and never expires it", async () => {
    const { orderId, sessionId, url } = await f.placeCardOrder();
    const cancelled = await pay(url, "cancel");
    expect(new URL(cancelled.headers.get("location")!).searchParams.get("cancelled")).toBe("1");
    const asked = () => f.standIn.requests().filter((r) => r.method === "GET").length;
    expect(await syncCardPaymentOnReturn(f.testApp.services, { orderId, sessionId: "cs_test_other" })).toBe(
      "awaiting_payment",
    );
    expect(asked()).toBe(0);
    expect(await syncCardPaymentOnReturn(f.testApp.services, { orderId, sessionId })).toBe("awaiting_payment");
    expect(asked()).toBe(1);
    // Cancel leaves the session open (as Stripe does): the buyer may still pay.
    expect((await startCardPayment(f.testApp.services, { orderId })).url).toBe(url);
  });

  it("a retried session after the first expired gets a new session; the old one's expiry changes nothing", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    f.standIn.holdWebhooks();
    f.standIn.sessions.get(sessionId)!.status = "expired";
    const { url } = await startCardPayment(f.testApp.services, { orderId });
    expect(url).not.toContain(sessionId);
    await f.standIn.sendEvent(sessionId, "expired");
    await f.standIn.sendHeld();
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(await f.bookStock()).toBe(8);
  });

  it("never opens a second session while the first one's payment is being confirmed", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    f.standIn.holdWebhooks();
    await f.standIn.sendEvent(sessionId, "completed", { paymentStatus: "unpaid" });
    await expect(startCardPayment(f.testApp.services, { orderId })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "payment-being-confirmed",
    });
    expect(f.standIn.sessions.size).toBe(1);
  });

  it("opens a new payment page when Stripe does not know the order's page (the keys were changed since)", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    f.standIn.sessions.delete(sessionId);
    const { url } = await startCardPayment(f.testApp.services, { orderId });
    const opened = f.standIn.sessionForOrder(orderId)!;
    expect(opened.id).not.toBe(sessionId);
    expect(url).toBe(`${f.standIn.url}/pay/${opened.id}`);
    expect((await f.order(orderId)).stripe_session_id).toBe(opened.id);
  });

  it("never opens a payment in a currency without hundredths (Stripe would charge 100 times the price)", async () => {
    const orderId = await insertCardOrder(f.testApp.services.db, { bookId: f.bookId, quantity: 1, currency: "JPY" });
    await expect(startCardPayment(f.testApp.services, { orderId })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      reason: "currency-not-in-hundredths",
    });
    expect(f.standIn.sessions.size).toBe(0);
  });

  it("Stripe unreachable: UNAVAILABLE for the buyer, the cause in the log", async () => {
    const orderId = (await f.placeCardOrder()).orderId;
    await f.standIn.close();
    await f.testApp.services.db
      .updateTable("orders")
      .set({ stripe_session_id: null })
      .where("id", "=", orderId)
      .execute();
    await expect(startCardPayment(f.testApp.services, { orderId })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      reason: "stripe-error",
    });
    expect(f.testApp.logs.some((l) => l.msg === "Stripe refused to open a Checkout Session")).toBe(true);
  });
});
