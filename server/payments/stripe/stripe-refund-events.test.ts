import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { cancelOrder } from "#server/orders/cancel-order.ts";
import { refundOrder } from "#server/orders/refund-order.ts";
import { failingFirstWrite } from "#tests/support/failing-write.ts";
import { startCardPaymentFixture } from "#tests/support/card-payment-fixture.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

/** A card order of 2 × $12.50 + $5.00 shipping: $30.00. */
const TOTAL = 3000;

describe.each(TEST_ENGINES)("Stripe's refund events on %s", (engine) => {
  const f = useFixture(() => startCardPaymentFixture(engine));

  /** A card order paid through its Checkout Session's webhook; returns its Stripe payment. */
  async function paidCardOrder() {
    const { orderId, sessionId } = await f.placeCardOrder();
    await f.standIn.sendEvent(sessionId, "completed");
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: TOTAL });
    return { orderId, paymentIntent: f.standIn.sessions.get(sessionId)!.payment_intent! };
  }
  const refundSteps = async (orderId: string) =>
    (await f.history(orderId)).filter((step) => /refund/i.test(step.status));
  const lastDelivery = () => f.standIn.deliveries().at(-1);
  /** The refund mails queued for the order. */
  const refundMails = async (orderId: string) => (await f.outbox(orderId)).filter((kind) => kind === "refunded");

  it("records a refund made in Stripe's dashboard once, with its mail and a history step, however often Stripe sends it", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const refund = await f.standIn.refundInDashboard(paymentIntent, 700);
    expect(lastDelivery()).toMatchObject({ type: "refund.created", status: 200 });

    expect(await f.order(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 700 });
    const steps = await refundSteps(orderId);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ status: "Partially refunded" });
    expect(steps[0]!.note).toContain(
      `$7.00 refunded through Stripe (refund ${refund.id}, made in Stripe, not through the shop)`,
    );
    expect(await refundMails(orderId)).toEqual(["refunded"]);

    const eventId = lastDelivery()!.eventId;
    expect((await f.standIn.replayEvent(eventId)).status).toBe(200);
    expect(await f.order(orderId)).toMatchObject({ amount_refunded_cents: 700 });
    expect(await refundSteps(orderId)).toHaveLength(1);
    expect(await refundMails(orderId)).toEqual(["refunded"]);

    // The rest, also in the dashboard: refunded in full.
    await f.standIn.refundInDashboard(paymentIntent);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: TOTAL });
  });

  it("records a staff refund once when Stripe's event arrives after the shop wrote it", async () => {
    const { orderId } = await paidCardOrder();
    f.standIn.holdWebhooks();
    const deps = f.testApp.services;
    const result = await refundOrder(deps, { orderId, amount: 1000, requestId: "form-1", refundedBefore: 0 });
    expect(result).toMatchObject({ changed: true, refundedCents: 1000 });
    expect(f.standIn.heldEvents().map((event) => event.type)).toEqual(["refund.created"]);

    const [delivery] = await f.standIn.sendHeld();
    expect(delivery).toMatchObject({ type: "refund.created", status: 200 });
    expect(await f.order(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 1000 });
    expect(await refundSteps(orderId)).toHaveLength(1);
    expect(await refundMails(orderId)).toEqual(["refunded"]);
  });

  it("records each staff refund once while its event arrives at the same moment, without a deadlock", async () => {
    const { orderId } = await paidCardOrder();
    for (let i = 0; i < 5; i++) {
      const result = await refundOrder(f.testApp.services, {
        orderId,
        amount: 100,
        requestId: `form-${i}`,
        refundedBefore: 100 * i,
      });
      expect(result).toMatchObject({ changed: true, refundedCents: 100 });
      // The stand-in sends refund.created right after its answer, while the shop records the refund.
      await expect.poll(() => f.standIn.deliveries().filter((d) => d.type === "refund.created").length).toBe(i + 1);
      await expect.poll(() => lastDelivery()?.status).toBe(200);
    }
    expect(await f.order(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 500 });
    expect(await refundSteps(orderId)).toHaveLength(5);
    expect(await refundMails(orderId)).toHaveLength(5);
  });

  it("lets Stripe's event record a staff refund whose write failed, and refuses the same post sent again instead of refunding twice", async () => {
    const { orderId } = await paidCardOrder();
    const services = f.testApp.services;
    const failingWrite = failingFirstWrite(services);
    const post = { orderId, amount: 1000, requestId: "form-1", refundedBefore: 0 };
    await expect(refundOrder(failingWrite, post)).rejects.toThrow("the database went away");
    await expect.poll(() => lastDelivery()?.status).toBe(200);
    expect(lastDelivery()).toMatchObject({ type: "refund.created" });

    // The event recorded it as the shop's own (its metadata says so), with the customer's mail.
    expect(await f.order(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 1000 });
    const steps = await refundSteps(orderId);
    expect(steps).toHaveLength(1);
    expect(steps[0]!.note).toMatch(/^\$10\.00 refunded through Stripe \(refund re_[^,]+\)$/);
    expect(await refundMails(orderId)).toEqual(["refunded"]);

    // The same post again (the staff member pressed Refund once more on the error): refused.
    await expect(refundOrder(services, post)).rejects.toMatchObject({ code: "CONFLICT", reason: "refunds-changed" });
    expect(f.standIn.refunds.size).toBe(1);
    expect(await f.order(orderId)).toMatchObject({ amount_refunded_cents: 1000 });
  });

  it("undoes a refund Stripe failed after it was recorded, once, and refunds again with a new refund rather than the failed one back", async () => {
    const { orderId } = await paidCardOrder();
    const services = f.testApp.services;
    const first = await refundOrder(services, { orderId, amount: null, requestId: "form-1", refundedBefore: 0 });
    expect(first).toMatchObject({ paymentStatus: "refunded", refundedCents: TOTAL });
    const [failed] = [...f.standIn.refunds.values()];

    await f.standIn.failRefund(failed!.id);
    expect(f.standIn.deliveries().slice(-2)).toMatchObject([
      { type: "refund.updated", status: 200 },
      { type: "refund.failed", status: 200 },
    ]);
    expect(await f.order(orderId)).toMatchObject({
      payment_status: "paid",
      amount_refunded_cents: 0,
      status: "Pending",
    });
    const failedStep = (await f.history(orderId)).at(-1)!;
    expect(failedStep).toMatchObject({ status: "Refund failed" });
    expect(Boolean(failedStep.customer_visible)).toBe(false);
    expect(failedStep.note).toContain(
      `Stripe could not complete refund ${failed!.id} of $30.00 (expired or canceled card)`,
    );
    expect(f.testApp.logs.some((line) => line.level === 50 && line.refundId === failed!.id)).toBe(true);
    // The store's contact address is told, once.
    const failedNotices = async () =>
      (await f.outbox(orderId)).filter((kind) => kind === "refund-failed-notice").length;
    expect(await failedNotices()).toBe(1);
    // A late copy of either event changes nothing more.
    for (const delivery of f.standIn.deliveries().slice(-2)) await f.standIn.replayEvent(delivery.eventId);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_refunded_cents: 0 });
    expect(await failedNotices()).toBe(1);

    // Refunded again in full: the same figures as the first time, but a new refund at Stripe.
    const again = await refundOrder(services, { orderId, amount: null, requestId: "form-2", refundedBefore: 0 });
    expect(again).toMatchObject({ changed: true, paymentStatus: "refunded", refundedCents: TOTAL });
    const refunds = [...f.standIn.refunds.values()];
    expect(refunds.map((refund) => refund.status)).toEqual(["failed", "succeeded"]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: TOTAL });
  });

  it("puts a flagged payment refunded in full back under review when that refund fails, not paid and ready to ship", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    // Stripe took $25.00 of a $30.00 order: flagged for staff.
    await f.standIn.sendEvent(sessionId, "completed", { amountTotal: 2500 });
    expect(await f.order(orderId)).toMatchObject({ payment_status: "needs_review", amount_paid_cents: 2500 });
    await refundOrder(f.testApp.services, { orderId, amount: null, requestId: "form-1", refundedBefore: 0 });
    expect(await f.order(orderId)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: 2500 });

    await f.standIn.failRefund([...f.standIn.refunds.values()][0]!.id);
    expect(lastDelivery()).toMatchObject({ type: "refund.failed", status: 200 });
    expect(await f.order(orderId)).toMatchObject({ payment_status: "needs_review", amount_refunded_cents: 0 });
  });

  it("answers 200 and corrects the amounts when a refund fails on a payment an older version left paid with money refunded", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const refund = await f.standIn.refundInDashboard(paymentIntent, 700);
    // Before refund events, accepting a flagged payment partly refunded in Stripe made it "paid".
    await f.testApp.services.db
      .updateTable("orders")
      .set({ payment_status: "paid" })
      .where("id", "=", orderId)
      .execute();

    await f.standIn.failRefund(refund.id);
    expect(
      f.standIn
        .deliveries()
        .slice(-2)
        .map((delivery) => delivery.status),
    ).toEqual([200, 200]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_refunded_cents: 0 });
    expect((await f.history(orderId)).at(-1)).toMatchObject({ status: "Refund failed" });
  });

  it("makes a new refund, not the failed one replayed, when staff retry after their write failed and the refund failed unnoticed", async () => {
    const { orderId } = await paidCardOrder();
    const services = f.testApp.services;
    const failingWrite = failingFirstWrite(services);
    // Stripe's events never reach the shop (an endpoint not subscribed to refund events).
    f.standIn.holdWebhooks();
    await expect(
      refundOrder(failingWrite, { orderId, amount: 1000, requestId: "form-1", refundedBefore: 0 }),
    ).rejects.toThrow("the database went away");
    const [first] = [...f.standIn.refunds.values()];
    await f.standIn.failRefund(first!.id);
    f.standIn.dropHeld();

    const retried = await refundOrder(services, { orderId, amount: 1000, requestId: "form-2", refundedBefore: 0 });
    expect(retried).toMatchObject({ changed: true, refundedCents: 1000 });
    const refunds = [...f.standIn.refunds.values()];
    expect(refunds.map((refund) => refund.status)).toEqual(["failed", "succeeded"]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 1000 });
    expect(await refundSteps(orderId)).toHaveLength(1);
  });

  it("refunds a cancelled order's payment again when it is cancelled after its first refund failed", async () => {
    const { orderId } = await paidCardOrder();
    const services = f.testApp.services;
    await cancelOrder(services, { orderId });
    expect(await f.order(orderId)).toMatchObject({ status: "Cancelled", payment_status: "refunded" });
    await f.standIn.failRefund([...f.standIn.refunds.values()][0]!.id);
    // The order stays cancelled; the money is held again.
    expect(await f.order(orderId)).toMatchObject({
      status: "Cancelled",
      payment_status: "paid",
      amount_refunded_cents: 0,
    });

    const refunded = await refundOrder(services, { orderId, amount: null, requestId: "form-1", refundedBefore: 0 });
    expect(refunded).toMatchObject({ changed: true, paymentStatus: "refunded", refundedCents: TOTAL });
    expect([...f.standIn.refunds.values()].map((refund) => refund.status)).toEqual(["failed", "succeeded"]);
  });

  it("never records a refund whose failure arrived before its creation", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    f.standIn.holdWebhooks();
    const refund = await f.standIn.refundInDashboard(paymentIntent, 1200);
    await f.standIn.failRefund(refund.id);
    const held = f.standIn.heldEvents();
    expect(held.map((event) => event.type)).toEqual(["refund.created", "refund.updated", "refund.failed"]);

    const sent = await f.standIn.sendHeld([held[2]!.id, held[1]!.id, held[0]!.id]);
    expect(sent.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_refunded_cents: 0 });
    expect(await refundSteps(orderId)).toEqual([]);
    expect(await refundMails(orderId)).toEqual([]);
  });

  it("has Stripe send a refund again when it arrives before its payment is recorded, and records it then", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    // The payment's event is late (Stripe is still retrying it) when the owner refunds in the dashboard.
    f.standIn.holdWebhooks();
    await f.standIn.sendEvent(sessionId, "completed");
    await f.standIn.refundInDashboard(f.standIn.sessions.get(sessionId)!.payment_intent!, 700);
    const [completed, created] = f.standIn.heldEvents();
    expect([completed!.type, created!.type]).toEqual(["checkout.session.completed", "refund.created"]);

    // Refused, so Stripe sends it again; nothing is recorded, not even the event's id.
    const [early] = await f.standIn.sendHeld([created!.id]);
    expect(early).toMatchObject({ type: "refund.created", status: 503 });
    expect(await f.order(orderId)).toMatchObject({ payment_status: "awaiting_payment", amount_refunded_cents: 0 });
    expect(
      f.testApp.logs.some(
        (line) => line.msg === "a refund arrived before its payment was recorded: Stripe will send it again",
      ),
    ).toBe(true);

    // The payment's event, then Stripe's next try of the refund's: recorded, once, with its mail.
    await f.standIn.sendHeld([completed!.id]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: TOTAL });
    expect((await f.standIn.replayEvent(created!.id)).status).toBe(200);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "partially_refunded", amount_refunded_cents: 700 });
    expect(await refundMails(orderId)).toEqual(["refunded"]);
    expect((await f.standIn.replayEvent(created!.id)).status).toBe(200);
    expect(await f.order(orderId)).toMatchObject({ amount_refunded_cents: 700 });
  });

  it("answers 200, not again and again 503, for the refund of a payment that came after its order was voided", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    // Voided while the buyer was still on Stripe's page; the money arrives anyway.
    await f.testApp.services.db
      .updateTable("orders")
      .set({ payment_status: "voided", status: "Cancelled" })
      .where("id", "=", orderId)
      .execute();
    await f.standIn.sendEvent(sessionId, "completed");
    expect((await f.history(orderId)).at(-1)).toMatchObject({
      status: "Payment received after the order was voided",
    });

    // Staff refund it in Stripe, as the history asks: the event is taken, not refused for days.
    await f.standIn.refundInDashboard(f.standIn.sessions.get(sessionId)!.payment_intent!);
    expect(lastDelivery()).toMatchObject({ type: "refund.created", status: 200 });
    expect(await f.order(orderId)).toMatchObject({ payment_status: "voided", amount_refunded_cents: 0 });
  });

  it("answers 200 for a refund of a payment the shop does not know, and records nothing", async () => {
    const { orderId } = await paidCardOrder();
    // Another till's payment on the same Stripe account: its PaymentIntent names an order this
    // shop does not have.
    const { sessionId: otherSession } = await f.placeCardOrder();
    f.standIn.sessions.get(otherSession)!.payment_intent_metadata_sent = { order_id: "ORD-ANOTHER-TILL" };
    await f.standIn.sendEvent(otherSession, "completed");
    const otherPayment = f.standIn.sessions.get(otherSession)!.payment_intent!;
    await f.testApp.services.db
      .updateTable("orders")
      .set({ payment_reference: null })
      .where("payment_reference", "=", otherPayment)
      .execute();

    await f.standIn.refundInDashboard(otherPayment, 500);
    expect(lastDelivery()).toMatchObject({ type: "refund.created", status: 200 });
    expect(
      f.testApp.logs.some((line) => line.msg === "Stripe webhook unknown_order" && line.paymentIntent === otherPayment),
    ).toBe(true);
    expect(await f.order(orderId)).toMatchObject({ amount_refunded_cents: 0 });
  });
});
