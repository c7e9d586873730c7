import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { startCardPayment } from "#server/payments/stripe/start-card-payment.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { insertCardOrder } from "#tests/support/card-order.ts";
import { startCardPaymentFixture } from "#tests/support/card-payment-fixture.ts";
import { TEST_STRIPE_WEBHOOK_SECRET } from "#tests/support/payment-settings.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { countRows } from "#tests/support/row-count.ts";

describe.each(TEST_ENGINES)("Stripe webhook on %s", (engine) => {
  const f = useFixture(() => startCardPaymentFixture(engine));

  const post = (payload: string, headers: Record<string, string>) =>
    f.testApp.app.request("/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: payload,
    });
  const eventCount = () => countRows(f.testApp.services.db, "payment_events");

  async function completedPayload(sessionId: string) {
    f.standIn.holdWebhooks();
    const event = await f.standIn.sendEvent(sessionId, "completed");
    f.standIn.dropHeld();
    return JSON.stringify(event);
  }

  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    const payload = await completedPayload(sessionId);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await post(payload, { "stripe-signature": wrongSecret })).status).toBe(400);
    expect((await post(payload, {})).status).toBe(400);
    // Signed, then altered: the signature covers the exact bytes.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET });
    expect((await post(payload.replace('"paid"', '"paid" '), { "stripe-signature": signed })).status).toBe(400);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(await eventCount()).toBe(0);
    expect(await f.bookStock()).toBe(8);
    const logText = JSON.stringify(f.testApp.logs);
    expect(logText).not.toContain(TEST_STRIPE_WEBHOOK_SECRET);
    expect(logText).not.toContain(sessionId);
  });

  it("refuses every event with 400 while no signing secret is stored, even when the card toggle is off it still verifies", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    const payload = await completedPayload(sessionId);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET });
    const db = f.testApp.services.db;
    await db.updateTable("store_settings").set({ enable_stripe: false }).where("id", "=", STORE_SETTINGS_ID).execute();
    const stored = await db
      .selectFrom("store_settings")
      .select("stripe_webhook_secret_encrypted")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("store_settings")
      .set({ stripe_webhook_secret_encrypted: null })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
    expect((await post(payload, { "stripe-signature": header })).status).toBe(400);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");

    // Toggle off but the secret stored: a late event for an existing order still counts.
    await db.updateTable("store_settings").set(stored).where("id", "=", STORE_SETTINGS_ID).execute();
    expect((await post(payload, { "stripe-signature": header })).status).toBe(200);
    expect((await f.order(orderId)).payment_status).toBe("paid");
  });

  it("refuses bodies that are not JSON or too large", async () => {
    expect((await post("a=b", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await post("x".repeat(300 * 1024), {})).status).toBe(413);
  });

  it("completed → paid, mails queued once; a replay of the same event changes nothing", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    const event = await f.standIn.sendEvent(sessionId, "completed");
    expect(f.standIn.deliveries().at(-1)).toMatchObject({ eventId: event.id, status: 200 });
    const paid = await f.order(orderId);
    expect(paid).toMatchObject({
      payment_status: "paid",
      amount_paid_cents: 3000,
      payment_reference: f.standIn.sessions.get(sessionId)!.payment_intent,
      status: "Pending",
    });
    expect(paid.paid_at).toBeTruthy();
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
    const history = await f.history(orderId);
    expect(history.filter((h) => h.status === "Payment received")).toHaveLength(1);
    expect(Boolean(history.find((h) => h.status === "Payment received")!.customer_visible)).toBe(true);

    expect((await f.standIn.replayEvent(event.id)).status).toBe(200);
    expect(await f.history(orderId)).toHaveLength(history.length);
    expect(await f.outbox(orderId)).toHaveLength(2);
    expect(await f.order(orderId)).toEqual(paid);
    expect(await eventCount()).toBe(1);
    expect(await f.bookStock()).toBe(8);
  });

  /** A card order whose session expired, its completion sent by Stripe but held back for now. */
  async function expiredWithCompletionHeld() {
    const { orderId, sessionId } = await f.placeCardOrder();
    f.standIn.holdWebhooks();
    const expired = await f.standIn.sendEvent(sessionId, "expired");
    const completed = await f.standIn.sendEvent(sessionId, "completed");
    await f.standIn.sendHeld([expired.id]);
    return { orderId, completed };
  }

  it("expired, then completed: the stock is taken again and the order is live", async () => {
    const { orderId, completed } = await expiredWithCompletionHeld();
    expect(await f.order(orderId)).toMatchObject({ payment_status: "expired", status: "Cancelled" });
    expect(await f.bookStock()).toBe(10);
    const step = (await f.history(orderId)).find((h) => h.status === "Payment not completed");
    expect(Boolean(step?.customer_visible)).toBe(true);

    await f.standIn.sendHeld([completed.id]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", status: "Pending" });
    expect(Boolean((await f.order(orderId)).stock_taken)).toBe(true);
    expect(await f.bookStock()).toBe(8);
  });

  it("expired, then completed with the stock gone: needs review, stock untouched", async () => {
    const { orderId, completed } = await expiredWithCompletionHeld();
    await f.testApp.services.db.updateTable("books").set({ stock: 1 }).where("id", "=", f.bookId).execute();
    await f.standIn.sendHeld([completed.id]);
    // What Stripe took is on record, so that staff can refund it.
    expect(await f.order(orderId)).toMatchObject({ payment_status: "needs_review", amount_paid_cents: 3000 });
    expect(await f.bookStock()).toBe(1);
    const note = (await f.history(orderId)).find((h) => h.status === "Payment needs review");
    expect(Boolean(note?.customer_visible)).toBe(false);
    expect(note?.note).toContain("30.00 USD");
    expect(await f.outbox(orderId)).toEqual([]);
  });

  it("expired after staff marked the unpaid order shipped: not cancelled, no stock back, staff told", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    await f.testApp.services.db.updateTable("orders").set({ status: "Shipped" }).where("id", "=", orderId).execute();
    await f.standIn.sendEvent(sessionId, "expired");
    expect(await f.order(orderId)).toMatchObject({ payment_status: "expired", status: "Shipped" });
    expect(await f.bookStock()).toBe(8);
    const note = (await f.history(orderId)).find((h) => h.status === "Payment not completed");
    expect(Boolean(note?.customer_visible)).toBe(false);
    expect(note?.note).toContain("already shipped");
  });

  it("completed, then expired: stays paid and no stock goes back", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    f.standIn.holdWebhooks();
    const completed = await f.standIn.sendEvent(sessionId, "completed");
    const expired = await f.standIn.sendEvent(sessionId, "expired");
    await f.standIn.sendHeld([completed.id, expired.id]);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", status: "Pending" });
    expect(await f.bookStock()).toBe(8);
  });

  it("an amount or currency that differs from the order: needs review with both amounts, not paid", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    await f.standIn.sendEvent(sessionId, "completed", { amountTotal: 100 });
    const order = await f.order(orderId);
    expect(order).toMatchObject({ payment_status: "needs_review", amount_paid_cents: 100 });
    expect(order.paid_at).toBeNull();
    const note = (await f.history(orderId)).find((h) => h.status === "Payment needs review")!;
    expect(Boolean(note.customer_visible)).toBe(false);
    expect(note.note).toContain("1.00 USD");
    expect(note.note).toContain("30.00 USD");
    expect(await f.outbox(orderId)).toEqual([]);

    const other = await f.placeCardOrder();
    await f.standIn.sendEvent(other.sessionId, "completed", { currency: "eur" });
    expect((await f.order(other.orderId)).payment_status).toBe("needs_review");
  });

  it("a delayed payment: completed unpaid waits, async failure gives the stock back once", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    await f.standIn.sendEvent(sessionId, "completed", { paymentStatus: "unpaid" });
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect((await f.history(orderId)).some((h) => h.status === "Payment processing")).toBe(true);
    const failed = await f.standIn.sendEvent(sessionId, "async_payment_failed");
    expect(await f.order(orderId)).toMatchObject({ payment_status: "payment_failed", status: "Cancelled" });
    expect(await f.bookStock()).toBe(10);
    await f.standIn.replayEvent(failed.id);
    await f.standIn.sendEvent(sessionId, "expired");
    expect(await f.bookStock()).toBe(10);
    expect((await f.history(orderId)).filter((h) => h.status === "Payment not completed")).toHaveLength(1);
  });

  it("a delayed payment that succeeds: paid", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    await f.standIn.sendEvent(sessionId, "completed", { paymentStatus: "unpaid" });
    await f.standIn.sendEvent(sessionId, "async_payment_succeeded");
    expect((await f.order(orderId)).payment_status).toBe("paid");
    expect(await f.outbox(orderId)).toHaveLength(2);
  });

  it("records events for unknown orders and of other types, answering 200", async () => {
    const { sessionId } = await f.placeCardOrder();
    f.standIn.sessions.get(sessionId)!.metadata = { order_id: "ORD-NOPE" };
    f.standIn.sessions.get(sessionId)!.client_reference_id = "ORD-NOPE";
    await f.standIn.sendEvent(sessionId, "completed");
    expect(f.standIn.deliveries().at(-1)!.status).toBe(200);
    const payload = JSON.stringify({
      id: "evt_other",
      object: "event",
      type: "customer.created",
      data: { object: {} },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET });
    expect((await post(payload, { "stripe-signature": header })).status).toBe(200);
    expect(await eventCount()).toBe(2);
    expect(f.testApp.logs.filter((l) => String(l.msg).startsWith("Stripe webhook "))).toHaveLength(2);
  });

  it("works while Coming Soon is on, and without an Origin header (as Stripe posts)", async () => {
    await f.testApp.services.db
      .updateTable("store_settings")
      .set({ enable_maintenance_mode: true })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
    const { orderId, sessionId } = await f.placeCardOrder();
    await f.standIn.sendEvent(sessionId, "completed");
    expect(f.standIn.deliveries().at(-1)!.status).toBe(200);
    expect((await f.order(orderId)).payment_status).toBe("paid");
  });

  const signed = (payload: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET, timestamp });

  it("pays nothing for a paid session that names the order but is not the order's own", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    const event = JSON.parse(await completedPayload(sessionId)) as {
      id: string;
      data: { object: Record<string, unknown> };
    };
    // Another integration on the same Stripe account, its session naming the order, same amount.
    event.id = "evt_foreign_session";
    event.data.object.id = "cs_test_someone_elses";
    event.data.object.payment_intent = "pi_test_someone_elses";
    const payload = JSON.stringify(event);
    expect((await post(payload, { "stripe-signature": signed(payload) })).status).toBe(200);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "awaiting_payment", payment_reference: null });
    expect(await f.outbox(orderId)).toEqual([]);
    expect(f.testApp.logs.some((l) => l.msg === "Stripe webhook foreign_session")).toBe(true);
  });

  it("pays for an earlier session of the shop's own, whose PaymentIntent names the order", async () => {
    const { orderId, sessionId: first } = await f.placeCardOrder();
    // The first session is closed on Stripe's side, so the buyer's next try opens a second one...
    f.standIn.sessions.get(first)!.status = "expired";
    await startCardPayment(f.testApp.services, { orderId });
    expect((await f.order(orderId)).stripe_session_id).not.toBe(first);
    // ...and the first one's payment still comes through: its PaymentIntent carries the order's id.
    await f.standIn.sendEvent(first, "completed");
    expect(f.standIn.deliveries().at(-1)!.status).toBe(200);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: 3000 });
  });

  it("takes no_payment_required as paid only for an order whose total is zero", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    await f.standIn.sendEvent(sessionId, "completed", { paymentStatus: "no_payment_required" });
    expect(f.standIn.deliveries().at(-1)!.status).toBe(200);
    expect(await f.order(orderId)).toMatchObject({ payment_status: "awaiting_payment", amount_paid_cents: 0 });
    expect(await f.outbox(orderId)).toEqual([]);

    const free = await insertCardOrder(f.testApp.services.db, {
      bookId: f.bookId,
      unitPriceCents: 0,
      shippingCents: 0,
    });
    await startCardPayment(f.testApp.services, { orderId: free });
    const freeSession = (await f.order(free)).stripe_session_id as string;
    await f.standIn.sendEvent(freeSession, "completed", { paymentStatus: "no_payment_required" });
    expect((await f.order(free)).payment_status).toBe("paid");
  });

  it("refuses a signature dated more than five minutes ahead, and takes one a minute ahead", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    const payload = await completedPayload(sessionId);
    const now = Math.floor(Date.now() / 1000);
    expect((await post(payload, { "stripe-signature": signed(payload, now + 24 * 3600) })).status).toBe(400);
    expect((await post(payload, { "stripe-signature": signed(payload, now + 400) })).status).toBe(400);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(await eventCount()).toBe(0);
    // A little clock skew between Stripe and the shop is fine; so is a delivery a minute late.
    expect((await post(payload, { "stripe-signature": signed(payload, now + 60) })).status).toBe(200);
    expect((await f.order(orderId)).payment_status).toBe("paid");
    // The past bound is the library's, as before.
    const late = JSON.stringify({ ...JSON.parse(payload), id: "evt_late" });
    expect((await post(late, { "stripe-signature": signed(late, now - 600) })).status).toBe(400);
  });

  it("answers 400 to a signed event it cannot read, logs it once and changes nothing", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    const event = JSON.parse(await completedPayload(sessionId)) as { data: { object: Record<string, unknown> } };
    const unreadable = [
      JSON.stringify({ ...event, data: undefined }),
      JSON.stringify({ ...event, id: undefined }),
      JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: "3000" } } }),
      JSON.stringify({ id: "evt_refund", object: "event", type: "refund.created", data: { object: { id: "re_1" } } }),
      "null",
    ];
    for (const payload of unreadable) {
      const logsBefore = f.testApp.logs.length;
      expect((await post(payload, { "stripe-signature": signed(payload) })).status).toBe(400);
      const lines = f.testApp.logs.slice(logsBefore).filter((l) => String(l.msg).includes("Stripe webhook"));
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toBe("Stripe webhook refused: the event lacks fields the shop reads");
    }
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(await eventCount()).toBe(0);
  });

  it("answers 503 when the database fails, so Stripe retries", async () => {
    const { sessionId } = await f.placeCardOrder();
    const payload = await completedPayload(sessionId);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_WEBHOOK_SECRET });
    await f.testApp.services.db.schema.dropTable("payment_events").execute();
    expect((await post(payload, { "stripe-signature": header })).status).toBe(503);
  });
});
