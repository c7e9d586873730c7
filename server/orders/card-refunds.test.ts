import { afterEach, describe, expect, it } from "vitest";
import { UNKNOWN_SESSION_NOTE } from "#server/payments/stripe/close-card-session.ts";
import { startCardPayment } from "#server/payments/stripe/start-card-payment.ts";
import { createStripeClient } from "#server/payments/stripe/stripe-client.ts";
import { failingFirstWrite } from "#tests/support/failing-write.ts";
import { enableCardPayments, TEST_STRIPE_SECRET_KEY } from "#tests/support/payment-settings.ts";
import { startStripeStandIn, type StripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { bundleStock } from "#tests/support/test-bundles.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder, orderActionDeps, TEST_APP_SECRET } from "#tests/support/test-orders.ts";
import { cancelOrder } from "./cancel-order.ts";
import { refundOrder } from "./refund-order.ts";

/** Refunds of card orders through the Stripe stand-in (helper "payments"' tests/support/stripe-stand-in.ts). */
describe.each(TEST_ENGINES)("card refunds through Stripe on %s", (engine) => {
  let testDb: TestDatabase;
  let stripe: StripeStandIn;
  afterEach(async () => {
    await stripe?.close();
    await testDb?.cleanup();
  });

  /** A card order whose buyer is on Stripe's payment page (the session is open, nothing paid). */
  async function unpaidCardOrder() {
    testDb = await createTestDatabase(engine);
    stripe = await startStripeStandIn();
    const db = testDb.handle.db;
    await enableCardPayments(db, TEST_APP_SECRET);
    const orderId = await insertTestOrder(db, {
      order: { payment_method: "card", organisation: null, po_number: null },
    });
    const deps = orderActionDeps(db, undefined, stripe.url);
    await startCardPayment({ ...deps, env: { ...deps.env, PUBLIC_URL: "http://127.0.0.1:9" } }, { orderId });
    const session = stripe.sessionForOrder(orderId)!;
    const stock = async () => bundleStock(db, "pkg-disciple");
    return { db, deps, orderId, session, stock };
  }

  /** A card order paid through a completed Checkout Session, as the webhook would leave it. */
  async function paidCardOrder() {
    const { db, deps, orderId, session } = await unpaidCardOrder();
    await stripe.sendEvent(session.id, "completed");
    const paymentIntent = stripe.sessionForOrder(orderId)!.payment_intent!;
    const order = await db
      .selectFrom("orders")
      .select("total_cents")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("orders")
      .set({ payment_status: "paid", payment_reference: paymentIntent, amount_paid_cents: order.total_cents })
      .where("id", "=", orderId)
      .execute();
    return { db, deps, orderId, paymentIntent, total: order.total_cents };
  }
  const row = (id: string) =>
    testDb.handle.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("refunds once through Stripe when the button is pressed twice at once", async () => {
    const { deps, orderId, paymentIntent, total } = await paidCardOrder();
    const results = await Promise.all([
      refundOrder(deps, { orderId, amount: null }),
      refundOrder(deps, { orderId, amount: null }),
    ]);

    expect(results.filter((result) => result.changed)).toHaveLength(1);
    const refunds = [...stripe.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ payment_intent: paymentIntent, amount: total });
    expect(await row(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: total });
    const refundRequests = stripe
      .requests()
      .filter((request) => request.method === "POST" && request.path === "/v1/refunds");
    expect(new Set(refundRequests.map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it("a refund Stripe made but the shop could not record is the same refund when staff try again from a new form", async () => {
    const { deps, orderId } = await paidCardOrder();
    await expect(
      refundOrder(failingFirstWrite(deps), { orderId, amount: 1000, requestId: "form-1" }),
    ).rejects.toThrow();
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([1000]);
    expect(await row(orderId)).toMatchObject({ payment_status: "paid", amount_refunded_cents: 0 });

    const retried = await refundOrder(deps, { orderId, amount: 1000, requestId: "form-2" });
    expect(retried).toMatchObject({ changed: true, refundedCents: 1000, paymentStatus: "partially_refunded" });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([1000]);
    expect(await row(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 1000 });
    // The first form posted again, now that its refund is recorded: nothing more.
    expect((await refundOrder(deps, { orderId, amount: 1000, requestId: "form-2" })).changed).toBe(false);
    expect([...stripe.refunds.values()]).toHaveLength(1);
  });

  it("a retry with another amount after Stripe refunded but the shop could not record it refunds nothing more", async () => {
    const { db, deps, orderId } = await paidCardOrder();
    await expect(
      refundOrder(failingFirstWrite(deps), { orderId, amount: 1000, requestId: "form-1" }),
    ).rejects.toThrow();

    // Staff believe nothing was refunded and try $15: Stripe's $10 is recorded, and nothing else is made.
    await expect(refundOrder(deps, { orderId, amount: 1500, requestId: "form-2" })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "refund-found-at-stripe",
      message: expect.stringContaining("Stripe had already refunded $10.00 of this order"),
    });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([1000]);
    expect(await row(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 1000 });
    const mails = await db.selectFrom("mail_outbox").select("kind").where("order_id", "=", orderId).execute();
    expect(mails.map((mail) => mail.kind)).toEqual(["refunded"]);

    // Sent again once they have seen it, the same form makes its refund: its id went with none.
    expect(await refundOrder(deps, { orderId, amount: 1500, requestId: "form-2" })).toMatchObject({ changed: true });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([1000, 1500]);
    expect(await row(orderId)).toMatchObject({ amount_refunded_cents: 2500 });
  });

  it("a refund the owner made in Stripe's dashboard is recorded before staff refund more", async () => {
    const { db, deps, orderId, paymentIntent, total } = await paidCardOrder();
    const dashboard = await createStripeClient(TEST_STRIPE_SECRET_KEY, { STRIPE_API_URL: stripe.url });
    const made = await dashboard.refunds.create({ payment_intent: paymentIntent, amount: 300 });

    await expect(refundOrder(deps, { orderId, amount: null })).rejects.toMatchObject({
      reason: "refund-found-at-stripe",
    });
    expect(await row(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 300 });
    const history = await db
      .selectFrom("order_status_history")
      .select("note")
      .where("order_id", "=", orderId)
      .where("status", "=", "Partially refunded")
      .executeTakeFirstOrThrow();
    expect(history.note).toContain(made.id);

    // "All that is left" now means what Stripe has not refunded.
    await refundOrder(deps, { orderId, amount: null });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([300, total - 300]);
    expect(await row(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: total });
  });

  it("a part of a payment under review refunded in Stripe's dashboard is recorded, and the payment stays under review", async () => {
    const { db, deps, orderId, paymentIntent, total } = await paidCardOrder();
    await db.updateTable("orders").set({ payment_status: "needs_review" }).where("id", "=", orderId).execute();
    const dashboard = await createStripeClient(TEST_STRIPE_SECRET_KEY, { STRIPE_API_URL: stripe.url });
    await dashboard.refunds.create({ payment_intent: paymentIntent, amount: 300 });

    await expect(refundOrder(deps, { orderId, amount: null })).rejects.toMatchObject({
      reason: "refund-found-at-stripe",
    });
    expect(await row(orderId)).toMatchObject({ payment_status: "needs_review", amount_refunded_cents: 300 });
    await refundOrder(deps, { orderId, amount: null });
    expect(await row(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: total });
  });

  it("refunds part, then the rest, each with its own refund and mail", async () => {
    const { db, deps, orderId, total } = await paidCardOrder();
    await refundOrder(deps, { orderId, amount: 750 });
    expect(await row(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 750 });
    await refundOrder(deps, { orderId, amount: null });
    expect(await row(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: total });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([750, total - 750]);
    const mails = await db.selectFrom("mail_outbox").select("kind").where("order_id", "=", orderId).execute();
    expect(mails.map((mail) => mail.kind)).toEqual(["refunded", "refunded"]);
  });

  it("still refunds and cancels card orders after the owner switched card payments off", async () => {
    const paid = await paidCardOrder();
    await paid.db.updateTable("store_settings").set({ enable_stripe: false }).execute();
    await refundOrder(paid.deps, { orderId: paid.orderId, amount: 500 });
    expect(await row(paid.orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 500 });
    await cancelOrder(paid.deps, { orderId: paid.orderId });
    expect(await row(paid.orderId)).toMatchObject({ status: "Cancelled", payment_status: "refunded" });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([500, paid.total - 500]);
  });

  it("staff can cancel an unpaid card order whose payment page Stripe does not know (the keys were changed)", async () => {
    const { db, deps, orderId, session, stock } = await unpaidCardOrder();
    stripe.sessions.delete(session.id);
    const before = await stock();
    expect(await cancelOrder(deps, { orderId })).toMatchObject({
      status: "Cancelled",
      paymentStatus: "voided",
      stockReturned: true,
    });
    expect(await stock()).toBe(before! + 2);
    const history = await db
      .selectFrom("order_status_history")
      .select(["note", "customer_visible"])
      .where("order_id", "=", orderId)
      .where("status", "=", "Cancelled")
      .executeTakeFirstOrThrow();
    expect(history.note).toContain(UNKNOWN_SESSION_NOTE);
  });

  it("cancelling a paid card order refunds it in full and gives the stock back", async () => {
    const { db, deps, orderId, total } = await paidCardOrder();
    const stock = async () => bundleStock(db, "pkg-disciple");
    expect(await stock()).toBe(28);
    const result = await cancelOrder(deps, { orderId });
    expect(result).toMatchObject({
      status: "Cancelled",
      paymentStatus: "refunded",
      refundedCents: total,
      stockReturned: true,
    });
    expect(await stock()).toBe(30);
    expect([...stripe.refunds.values()]).toHaveLength(1);
    expect((await cancelOrder(deps, { orderId })).changed).toBe(false);
    expect([...stripe.refunds.values()]).toHaveLength(1);
  });

  it("cancelling an unpaid card order closes its Stripe payment page first, so the buyer cannot pay for it", async () => {
    const { deps, orderId, session, stock } = await unpaidCardOrder();
    const paymentPage = session.url!;
    expect((await fetch(paymentPage)).status).toBe(200);
    expect(await stock()).toBe(28);

    const result = await cancelOrder(deps, { orderId });
    expect(result).toMatchObject({
      status: "Cancelled",
      paymentStatus: "voided",
      refundedCents: 0,
      stockReturned: true,
    });
    expect(stripe.sessionForOrder(orderId)!.status).toBe("expired");
    expect((await fetch(paymentPage)).status).toBe(410);
    expect(await stock()).toBe(30);
    expect([...stripe.refunds.values()]).toHaveLength(0);
  });

  it("a payment the buyer made just before the cancel is recorded, then refunded in full", async () => {
    const { deps, orderId, session, stock } = await unpaidCardOrder();
    // Paid on Stripe's page; its webhook has not arrived yet.
    stripe.holdWebhooks();
    await stripe.sendEvent(session.id, "completed");
    const { total_cents: total } = await row(orderId);

    const result = await cancelOrder(deps, { orderId });
    expect(result).toMatchObject({ status: "Cancelled", paymentStatus: "refunded", refundedCents: total });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([total]);
    expect(await row(orderId)).toMatchObject({ amount_paid_cents: total, amount_refunded_cents: total });
    expect(await stock()).toBe(30);
  });

  it("leaves the order as it was when Stripe cannot be reached to close its payment page", async () => {
    const { deps, orderId, stock } = await unpaidCardOrder();
    await stripe.close();

    await expect(cancelOrder(deps, { orderId })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Stripe could not close this order's payment page, so the order was not cancelled. Please try again.",
    });
    expect(await row(orderId)).toMatchObject({ status: "Pending", payment_status: "awaiting_payment" });
    expect(await stock()).toBe(28);
  });
});
