import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type Stripe from "stripe";
import { decodeForm, startStripeStandIn, type StripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { TEST_STRIPE_SECRET_KEY, TEST_STRIPE_WEBHOOK_SECRET } from "#tests/support/payment-settings.ts";
import { createStripeClient } from "./stripe-client.ts";

// The stand-in is only worth something if the real `stripe` package talks to it as it would to
// Stripe: these tests drive it through that package and verify its webhooks with Stripe's own check.
describe("Stripe stand-in", () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  const received: { event: Stripe.Event; signatureOk: boolean }[] = [];

  beforeEach(async () => {
    received.length = 0;
    standIn = await startStripeStandIn({
      webhookSecret: TEST_STRIPE_WEBHOOK_SECRET,
      webhookUrl: async (request) => {
        const raw = await request.text();
        try {
          const event = stripe.webhooks.constructEvent(
            raw,
            request.headers.get("stripe-signature") ?? "",
            TEST_STRIPE_WEBHOOK_SECRET,
          );
          received.push({ event, signatureOk: true });
          return new Response("ok");
        } catch {
          received.push({ event: JSON.parse(raw) as Stripe.Event, signatureOk: false });
          return new Response("bad", { status: 400 });
        }
      },
    });
    stripe = await createStripeClient(TEST_STRIPE_SECRET_KEY, { STRIPE_API_URL: standIn.url });
  });
  afterEach(() => standIn.close());

  async function createSession(orderId = "LS-TEST-1") {
    return stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        { quantity: 2, price_data: { currency: "usd", unit_amount: 1250, product_data: { name: "Book" } } },
        { quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Shipping" } } },
      ],
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      customer_email: "buyer@example.com",
      success_url: `http://shop.test/order-confirmation/${orderId}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://shop.test/order-confirmation/${orderId}?cancelled=1`,
    });
  }

  it("decodes Stripe's nested form keys into objects and arrays", () => {
    expect(decodeForm("a[b][0][c]=1&a[b][1][c]=2&a[d]=x%20y&e=")).toEqual({
      a: { b: [{ c: "1" }, { c: "2" }], d: "x y" },
      e: "",
    });
  });

  it("takes a coupon off a session as Stripe does: once, in its currency, refusing what Stripe refuses", async () => {
    const coupon = await stripe.coupons.create({
      amount_off: 300,
      currency: "usd",
      duration: "once",
      max_redemptions: 1,
    });
    expect(await stripe.coupons.retrieve(coupon.id)).toMatchObject({ amount_off: 300, currency: "usd", valid: true });
    const base = {
      mode: "payment" as const,
      line_items: [{ quantity: 2, price_data: { currency: "usd", unit_amount: 1250, product_data: { name: "Book" } } }],
      success_url: "http://shop.test/done",
    };
    const session = await stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: coupon.id }] });
    expect(session).toMatchObject({
      amount_subtotal: 2500,
      amount_total: 2200,
      total_details: { amount_discount: 300 },
    });
    // A coupon larger than the session takes it to zero, never below.
    const big = await stripe.coupons.create({ amount_off: 9999, currency: "usd", duration: "once" });
    expect(await stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: big.id }] })).toMatchObject({
      amount_total: 0,
    });
    await expect(stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: "nope" }] })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "discounts[0][coupon]",
    });
    const euros = await stripe.coupons.create({ amount_off: 100, currency: "eur", duration: "once" });
    await expect(stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: euros.id }] })).rejects.toMatchObject(
      {
        statusCode: 400,
      },
    );
    await expect(stripe.coupons.create({ amount_off: 100, duration: "once" })).rejects.toMatchObject({
      statusCode: 400,
      param: "currency",
    });
    // Redeemed when its session completes: then no longer valid for another.
    await standIn.sendEvent(session.id, "completed");
    expect(await stripe.coupons.retrieve(coupon.id)).toMatchObject({ times_redeemed: 1, valid: false });
    await expect(
      stripe.checkout.sessions.create({ ...base, discounts: [{ coupon: coupon.id }] }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("creates, retrieves and expires Checkout Sessions, with the total of its lines", async () => {
    const session = await createSession();
    expect(session).toMatchObject({
      object: "checkout.session",
      amount_total: 3000,
      currency: "usd",
      status: "open",
      payment_status: "unpaid",
      client_reference_id: "LS-TEST-1",
      metadata: { order_id: "LS-TEST-1" },
    });
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe("expired");
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_nope")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ signatureOk: true, event: { type: "checkout.session.expired" } });
  });

  it("answers the same response for the same Idempotency-Key and refuses it with other parameters", async () => {
    const params = {
      mode: "payment" as const,
      line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 100, product_data: { name: "X" } } }],
      success_url: "http://shop.test/ok",
    };
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: "k1" });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "k1" });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create({ ...params, success_url: "http://shop.test/other" }, { idempotencyKey: "k1" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
    expect(standIn.sessions.size).toBe(1);
  });

  it("refuses a key that is not a test secret key", async () => {
    const other = await createStripeClient("sk_live_nope", { STRIPE_API_URL: standIn.url });
    await expect(other.checkout.sessions.retrieve("cs_test_x")).rejects.toMatchObject({ statusCode: 401 });
  });

  it("Pay completes the session, sends a signed completed event, then returns to success_url", async () => {
    const session = await createSession();
    const page = await fetch(session.url!);
    expect(await page.text()).toContain("Pay");
    const paid = await fetch(session.url!, {
      method: "POST",
      body: new URLSearchParams({ action: "pay" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://shop.test/order-confirmation/LS-TEST-1?session_id=${session.id}`);
    expect(received).toHaveLength(1);
    const event = received[0]!;
    expect(event.signatureOk).toBe(true);
    expect(event.event.type).toBe("checkout.session.completed");
    const object = event.event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({ id: session.id, payment_status: "paid", status: "complete", amount_total: 3000 });
    expect(object.payment_intent).toMatch(/^pi_/);

    const cancelled = await fetch(session.url!, {
      method: "POST",
      body: new URLSearchParams({ action: "cancel" }),
      redirect: "manual",
    });
    expect(cancelled.headers.get("location")).toBe("http://shop.test/order-confirmation/LS-TEST-1?cancelled=1");
  });

  it("refunds part, then the rest, and refuses more than was paid", async () => {
    const session = await createSession();
    await standIn.sendEvent(session.id, "completed");
    const intent = standIn.sessions.get(session.id)!.payment_intent!;
    const part = await stripe.refunds.create({ payment_intent: intent, amount: 1000 });
    expect(part).toMatchObject({ object: "refund", amount: 1000, currency: "usd", status: "succeeded" });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 2500 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "amount",
    });
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(2000);
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
    expect((await stripe.refunds.retrieve(part.id)).amount).toBe(1000);
    expect(await stripe.paymentIntents.retrieve(intent)).toMatchObject({ amount: 3000, status: "succeeded" });
    expect((await stripe.refunds.list({ payment_intent: intent })).data).toHaveLength(2);
    await expect(stripe.refunds.create({ payment_intent: "pi_test_unknown" })).rejects.toMatchObject({
      code: "resource_missing",
    });
  });

  it("holds events, sends them in any order, and replays one with the same id", async () => {
    const session = await createSession();
    standIn.holdWebhooks();
    const expired = await standIn.sendEvent(session.id, "expired");
    const completed = await standIn.sendEvent(session.id, "completed", { amountTotal: 1, currency: "eur" });
    expect(received).toHaveLength(0);
    expect(standIn.heldEvents().map((e) => e.id)).toEqual([expired.id, completed.id]);
    await standIn.sendHeld([completed.id, expired.id]);
    expect(received.map((r) => r.event.type)).toEqual(["checkout.session.completed", "checkout.session.expired"]);
    expect(received[0]!.event.data.object).toMatchObject({ amount_total: 1, currency: "eur" });
    await standIn.replayEvent(completed.id);
    expect(received[2]!.event.id).toBe(completed.id);
    expect(received.every((r) => r.signatureOk)).toBe(true);
    expect(standIn.requests().map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
  });
});
