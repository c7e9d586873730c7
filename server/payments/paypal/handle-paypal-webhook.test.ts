import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { rememberPlacedOrder } from "#server/checkout/placed-orders-cookie.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { startPayPalPaymentFixture, type PayPalPaymentFixture } from "#tests/support/paypal-payment-fixture.ts";
import { TEST_PAYPAL_CLIENT_ID, TEST_PAYPAL_CLIENT_SECRET } from "#tests/support/paypal-stand-in.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { createPayPalClient } from "./paypal-client.ts";

// PayPal's webhook through the real app: verified by PayPal (the stand-in), each event once,
// in whatever order and however often, converging with the return page on one capture.
describe.each(TEST_ENGINES)("PayPal webhook on %s", (engine) => {
  const [f, setF] = useFixtureSetByTests<PayPalPaymentFixture>();

  const post = (payload: string, headers: Headers | Record<string, string>) => {
    const all = new Headers(headers);
    all.set("content-type", "application/json");
    return f.testApp.app.request("/webhooks/paypal", { method: "POST", headers: all, body: payload });
  };
  const captures = () => f.standIn.requests().filter((r) => r.path.endsWith("/capture"));
  const paidSteps = async (orderId: string) =>
    (await f.history(orderId)).filter((step) => step.status === "Payment received").length;
  const delivered = (type: string) => f.standIn.deliveries().filter((d) => d.type === type);
  const otherClient = () =>
    createPayPalClient(
      { environment: "sandbox", clientId: TEST_PAYPAL_CLIENT_ID, clientSecret: TEST_PAYPAL_CLIENT_SECRET },
      { PAYPAL_API_URL: f.standIn.url },
    );

  /** The next delivery as PayPal sends it (headers and the exact body), kept from the shop. */
  async function interceptNext(send: () => Promise<unknown>) {
    const kept: { headers: Headers; body: string }[] = [];
    f.standIn.setWebhook(async (request) => {
      kept.push({ headers: request.headers, body: await request.text() });
      return new Response("kept");
    });
    await send();
    await f.standIn.settled();
    f.standIn.setWebhook((request) => f.testApp.app.request(request));
    return kept[0]!;
  }

  /** A placed PayPal order's approval event, as PayPal sent it, kept from the shop. */
  async function interceptedApproval() {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    return { orderId, genuine: await interceptNext(() => f.standIn.approve(paypalOrderId)) };
  }

  it("refuses what PayPal does not verify, what is not JSON and what the shop cannot read: 400, nothing changes", async () => {
    const { orderId, genuine } = await interceptedApproval();
    const forged = new Headers(genuine.headers);
    forged.set("paypal-transmission-sig", "Zm9yZ2Vk");
    expect((await post(genuine.body, forged)).status).toBe(400);
    expect((await post(genuine.body, {})).status).toBe(400);
    // Verified as sent: the same headers with an event changed are PayPal's no more.
    const altered = genuine.body.replace('"APPROVED"', '"COMPLETED"');
    expect((await post(altered, genuine.headers)).status).toBe(400);
    expect((await post("not json", genuine.headers)).status).toBe(400);
    expect(
      (
        await f.testApp.app.request("/webhooks/paypal", {
          method: "POST",
          headers: { "content-type": "text/plain" },
          body: genuine.body,
        })
      ).status,
    ).toBe(415);
    expect(captures()).toHaveLength(0);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(await f.events(orderId)).toEqual([]);
    // The genuine delivery, unchanged, is taken.
    expect((await post(genuine.body, genuine.headers)).status).toBe(200);
    expect((await f.order(orderId)).payment_status).toBe("paid");
  });

  it("answers 503 and records nothing while PayPal cannot verify the event, so PayPal sends it again", async () => {
    const { orderId, genuine } = await interceptedApproval();
    f.standIn.failNextRequests(10, 503);
    expect((await post(genuine.body, genuine.headers)).status).toBe(503);
    f.standIn.failNextRequests(0);
    expect(await f.events(orderId)).toEqual([]);
    expect((await post(genuine.body, genuine.headers)).status).toBe(200);
    expect((await f.order(orderId)).payment_status).toBe("paid");
  });

  it("the approval event captures when the buyer never comes back; a replay changes nothing", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    await f.standIn.approve(paypalOrderId);
    await f.standIn.settled();
    expect(delivered("CHECKOUT.ORDER.APPROVED").map((d) => d.status)).toEqual([200]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: 3000 });
    expect(await f.bookStock()).toBe(8);
    // The capture's own event follows and is recorded; both replayed, twice.
    expect(delivered("PAYMENT.CAPTURE.COMPLETED").map((d) => d.status)).toEqual([200]);
    for (const id of [...f.standIn.events.keys()]) {
      await f.standIn.replayEvent(id);
      await f.standIn.replayEvent(id);
    }
    await f.standIn.settled();
    expect(f.standIn.deliveries().every((d) => d.status === 200)).toBe(true);
    expect(captures()).toHaveLength(1);
    expect(await paidSteps(orderId)).toBe(1);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
    expect(await f.bookStock()).toBe(8);
    expect((await f.events(orderId)).filter((id) => id.startsWith("paypal:WH-"))).toHaveLength(2);
  });

  it("the return page racing the webhook: one capture, one payment recorded, one stock movement, one mail", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, url } = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    const back = await f.approve(url);
    f.standIn.holdWebhooks(false);
    const cookie = rememberPlacedOrder(null, orderId, {
      appSecret: f.testApp.services.env.APP_SECRET,
      secure: false,
    }).split(";")[0]!;
    const [page] = await Promise.all([
      f.testApp.app.request(`${back.pathname}${back.search}`, { headers: { Cookie: cookie } }),
      f.standIn.sendHeld(),
    ]);
    expect(page.status).toBe(200);
    await f.standIn.settled();
    expect(f.standIn.captures.size).toBe(1);
    expect(await paidSteps(orderId)).toBe(1);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
    expect(await f.bookStock()).toBe(8);
    expect((await f.order(orderId)).payment_status).toBe("paid");
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("with PayPal. Thank you!");
  });

  it("events in any order: a cleared capture's news before its pending news leaves it paid", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    f.standIn.setNextCapture("pending");
    await f.standIn.approve(paypalOrderId);
    const [approved] = f.standIn.heldEvents();
    await f.standIn.sendHeld([approved!.id]);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    const [pending] = f.standIn.heldEvents();
    expect(pending!.event_type).toBe("PAYMENT.CAPTURE.PENDING");
    await f.standIn.completePendingCapture(f.standIn.orders.get(paypalOrderId)!.capture_ids[0]!);
    const [, completed] = f.standIn.heldEvents();
    await f.standIn.sendHeld([completed!.id, pending!.id]);
    expect(f.standIn.deliveries().every((d) => d.status === 200)).toBe(true);
    expect((await f.order(orderId)).payment_status).toBe("paid");
    expect(await paidSteps(orderId)).toBe(1);
    expect((await f.history(orderId)).filter((step) => step.status === "Payment processing")).toHaveLength(1);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
  });

  it("a denied capture and a reversed approval fail the payment and give the stock back, once", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const denied = await f.placePayPalOrder();
    f.standIn.setNextCapture("pending");
    await f.standIn.approve(denied.paypalOrderId);
    await f.standIn.settled();
    expect(await f.bookStock()).toBe(8);
    await f.standIn.denyPendingCapture(f.standIn.orders.get(denied.paypalOrderId)!.capture_ids[0]!);
    await f.standIn.settled();
    expect(await f.order(denied.orderId)).toMatchObject({ payment_status: "payment_failed", status: "Cancelled" });
    expect(await f.bookStock()).toBe(10);

    const reversed = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    await f.standIn.approve(reversed.paypalOrderId);
    f.standIn.dropHeld();
    f.standIn.holdWebhooks(false);
    const event = await f.standIn.reverseApproval(reversed.paypalOrderId);
    await f.standIn.replayEvent(event.id);
    await f.standIn.settled();
    expect(await f.order(reversed.orderId)).toMatchObject({ payment_status: "payment_failed", status: "Cancelled" });
    expect(await f.bookStock()).toBe(10);
    expect(captures()).toHaveLength(1);
    expect(await f.outbox(reversed.orderId)).toEqual([]);
  });

  it("flags for review, not paid, a capture whose payee, amount or order does not match", async () => {
    setF(await startPayPalPaymentFixture(engine, { merchantId: "SOMEONEELSE01" }));
    const payee = await f.placePayPalOrder();
    await f.standIn.approve(payee.paypalOrderId);
    await f.standIn.settled();
    expect(await f.order(payee.orderId)).toMatchObject({ payment_status: "needs_review", amount_paid_cents: 3000 });
    expect((await f.history(payee.orderId)).at(-1)).toMatchObject({
      status: "Payment needs review",
      note: expect.stringContaining("not the shop's merchant ID SOMEONEELSE01"),
    });
    expect(await f.outbox(payee.orderId)).toEqual([]);

    await f.testApp.services.db
      .updateTable("store_settings")
      .set({ paypal_merchant_id: "LSTESTMERCH01" })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
    const amount = await f.placePayPalOrder();
    const unit = f.standIn.orders.get(amount.paypalOrderId)!.purchase_units[0]!;
    unit.amount = { currency_code: "USD", value: "29.00" };
    await f.standIn.approve(amount.paypalOrderId);
    await f.standIn.settled();
    expect(await f.order(amount.orderId)).toMatchObject({ payment_status: "needs_review", amount_paid_cents: 2900 });
    expect((await f.history(amount.orderId)).at(-1)!.note).toContain("PayPal reported 29.00 USD");

    const foreign = await f.placePayPalOrder();
    f.standIn.orders.get(foreign.paypalOrderId)!.purchase_units[0]!.custom_id = "ORD-SOMEONEELSE";
    await f.standIn.approve(foreign.paypalOrderId);
    await f.standIn.settled();
    expect((await f.order(foreign.orderId)).payment_status).toBe("needs_review");
    expect((await f.history(foreign.orderId)).at(-1)!.note).toContain("names order ORD-SOMEONEELSE, not this one");
  });

  it("a refund made in PayPal's account is recorded with its mail when its event arrives, once", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    await f.standIn.approve(paypalOrderId);
    await f.standIn.settled();
    const captureId = f.standIn.orders.get(paypalOrderId)!.capture_ids[0]!;
    const refund = await f.standIn.refundInDashboard(captureId, 1000);
    await f.standIn.settled();
    expect(await f.order(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 1000 });
    const [event] = [...f.standIn.events.values()].filter((e) => e.event_type === "PAYMENT.CAPTURE.REFUNDED");
    await f.standIn.replayEvent(event!.id);
    await f.standIn.settled();
    expect((await f.order(orderId)).amount_refunded_cents).toBe(1000);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation", "refunded"]);
    expect((await f.history(orderId)).at(-1)).toMatchObject({
      status: "Partially refunded",
      note: expect.stringContaining(`refund ${refund.id}, made in PayPal, not through the shop`),
    });

    // A chargeback takes the rest back: recorded, without the customer's refund mail.
    await f.standIn.reverseCapture(captureId);
    await f.standIn.settled();
    expect(await f.order(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: 3000 });
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation", "refunded"]);
    expect((await f.history(orderId)).map((step) => step.status)).toContain("Payment reversed by PayPal");
  });

  it("a refund whose capture's own news has not come yet records the payment first, then the refund", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    await f.standIn.approve(paypalOrderId);
    // PayPal captured (an earlier request of the shop's whose answer was lost) and the owner refunded it.
    const captured = await otherClient().captureOrder(paypalOrderId, { requestId: `capture:${paypalOrderId}` });
    await f.standIn.refundInDashboard(captured.captures[0]!.id);
    const refunded = f.standIn.heldEvents().find((e) => e.event_type === "PAYMENT.CAPTURE.REFUNDED")!;
    await f.standIn.sendHeld([refunded.id]);
    expect(await f.order(orderId)).toMatchObject({
      payment_status: "refunded",
      amount_paid_cents: 3000,
      amount_refunded_cents: 3000,
    });
    await f.standIn.sendHeld();
    expect(f.standIn.deliveries().every((d) => d.status === 200)).toBe(true);
    expect(await paidSteps(orderId)).toBe(1);
    expect((await f.order(orderId)).amount_refunded_cents).toBe(3000);
  });

  it("works while Coming Soon is on, and records events of no order of the shop without refusing them", async () => {
    setF(await startPayPalPaymentFixture(engine));
    await f.testApp.services.db
      .updateTable("store_settings")
      .set({ enable_maintenance_mode: true })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    await f.standIn.approve(paypalOrderId);
    await f.standIn.settled();
    expect((await f.order(orderId)).payment_status).toBe("paid");

    // Another shop's order on the same PayPal account.
    const strangers = await otherClient().createOrder(
      {
        currency: "USD",
        items: [{ name: "Elsewhere", quantity: 1, unitAmount: 500 }],
        customId: "ORD-NOTOURS",
        returnUrl: "https://elsewhere.example/return",
        cancelUrl: "https://elsewhere.example/cancel",
      },
      { requestId: "elsewhere-1" },
    );
    await f.standIn.approve(strangers.id);
    await f.standIn.settled();
    expect(delivered("CHECKOUT.ORDER.APPROVED").map((d) => d.status)).toEqual([200, 200]);
    expect(f.testApp.logs.some((line) => line.msg === "PayPal webhook unknown_order")).toBe(true);
    expect(captures()).toHaveLength(1);
  });
});
