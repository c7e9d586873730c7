import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { startCardPaymentFixture } from "#tests/support/card-payment-fixture.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { CARD_SESSION_MINUTES } from "./start-card-payment.ts";
import { UNKNOWN_SESSION_NOTE } from "./close-card-session.ts";
import { expireUnpaidCardOrders, SWEEPER_RETRY_MS } from "./expire-unpaid-card-orders.ts";

describe.each(TEST_ENGINES)("expiring unpaid card orders on %s", (engine) => {
  const f = useFixture(() => startCardPaymentFixture(engine));

  /** The sweeper as it runs `minutes` from now. */
  const sweep = (minutes = CARD_SESSION_MINUTES + 2) =>
    expireUnpaidCardOrders({ ...f.testApp.services, clock: () => new Date(Date.now() + minutes * 60_000) });

  it("leaves orders alone before their deadline", async () => {
    const { orderId } = await f.placeCardOrder();
    expect((await sweep(5)).size).toBe(0);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(f.standIn.requests().filter((r) => r.path.endsWith("/expire"))).toHaveLength(0);
  });

  it("expires an abandoned session through Stripe and gives the stock back once, webhook or not", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    expect(await f.bookStock()).toBe(8);
    // Stripe's own checkout.session.expired for that expiry is held, to arrive after the sweeper.
    f.standIn.holdWebhooks();
    expect((await sweep()).get(orderId)).toBe("expired");
    expect(f.standIn.sessions.get(sessionId)!.status).toBe("expired");
    expect(await f.order(orderId)).toMatchObject({ payment_status: "expired", status: "Cancelled" });
    expect(await f.bookStock()).toBe(10);
    await expect.poll(() => f.standIn.heldEvents().length).toBe(1);
    await f.standIn.sendHeld();
    expect(f.standIn.deliveries()[0]).toMatchObject({ type: "checkout.session.expired", status: 200 });
    expect((await sweep()).size).toBe(0);
    expect(await f.bookStock()).toBe(10);
    expect((await f.history(orderId)).filter((h) => h.status === "Payment not completed")).toHaveLength(1);
  });

  it("a missed webhook: the buyer paid, the sweeper finds it paid instead of expiring it", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    f.standIn.holdWebhooks();
    await f.standIn.sendEvent(sessionId, "completed");
    expect((await sweep()).get(orderId)).toBe("paid");
    expect(await f.order(orderId)).toMatchObject({ payment_status: "paid", amount_paid_cents: 3000 });
    expect(await f.bookStock()).toBe(8);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
    // The webhook arrives after all: nothing more happens.
    await f.standIn.sendHeld();
    expect(f.standIn.deliveries().at(-1)!.status).toBe(200);
    expect(await f.outbox(orderId)).toHaveLength(2);
    expect((await f.history(orderId)).filter((h) => h.status === "Payment received")).toHaveLength(1);
  });

  it("a session Stripe already expired (webhook missed) is expired here", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    f.standIn.holdWebhooks();
    await f.standIn.sendEvent(sessionId, "expired");
    f.standIn.dropHeld();
    expect((await sweep()).get(orderId)).toBe("expired");
    expect(await f.bookStock()).toBe(10);
  });

  it("two sweepers at once (two instances) give the stock back exactly once", async () => {
    const orders = [await f.placeCardOrder({ quantity: 1 }), await f.placeCardOrder({ quantity: 3 })];
    expect(await f.bookStock()).toBe(6);
    f.standIn.holdWebhooks();
    const [a, b] = await Promise.all([sweep(), sweep()]);
    for (const { orderId } of orders) {
      expect((await f.order(orderId)).payment_status).toBe("expired");
      expect([a.get(orderId), b.get(orderId)]).toContain("expired");
    }
    await expect.poll(() => f.standIn.heldEvents().length).toBe(2);
    await f.standIn.sendHeld();
    expect(f.standIn.deliveries().map((d) => d.status)).toEqual([200, 200]);
    expect(await f.bookStock()).toBe(10);
  });

  it("a card order whose session was never created simply expires", async () => {
    const { orderId } = await f.placeCardOrder();
    await f.testApp.services.db
      .updateTable("orders")
      .set({ stripe_session_id: null })
      .where("id", "=", orderId)
      .execute();
    expect((await sweep()).get(orderId)).toBe("expired");
    expect(await f.bookStock()).toBe(10);
  });

  it("Stripe unreachable: the order waits for a later run, behind the orders that can be settled", async () => {
    const { orderId } = await f.placeCardOrder();
    await f.standIn.close();
    const at = new Date(Date.now() + (CARD_SESSION_MINUTES + 2) * 60_000);
    expect((await expireUnpaidCardOrders({ ...f.testApp.services, clock: () => at })).size).toBe(0);
    const order = await f.order(orderId);
    expect(order.payment_status).toBe("awaiting_payment");
    expect(await f.bookStock()).toBe(8);
    // Its due time moved on, so fifty such orders cannot fill every batch ahead of the others.
    expect(new Date(String(order.payment_expires_at)).getTime()).toBe(at.getTime() + SWEEPER_RETRY_MS);
  });

  it("a payment page Stripe does not know (the keys were changed since) expires, with a note for staff", async () => {
    const { orderId, sessionId } = await f.placeCardOrder();
    // The account behind the new key has no such session: Stripe answers 404 resource_missing.
    f.standIn.sessions.delete(sessionId);
    expect((await sweep()).get(orderId)).toBe("expired");
    expect(await f.order(orderId)).toMatchObject({ payment_status: "expired", status: "Cancelled" });
    expect(await f.bookStock()).toBe(10);
    const notes = await f.testApp.services.db
      .selectFrom("order_status_history")
      .select(["note", "customer_visible"])
      .where("order_id", "=", orderId)
      .where("note", "=", UNKNOWN_SESSION_NOTE)
      .execute();
    expect(notes.map((row) => Boolean(row.customer_visible))).toEqual([false]);
  });
});
