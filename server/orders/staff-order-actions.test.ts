import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { bundleStock as setStock } from "#tests/support/test-bundles.ts";
import { insertTestOrder, orderActionDeps as deps, paidCardOrder } from "#tests/support/test-orders.ts";
import { cancelOrder } from "./cancel-order.ts";
import { markOrderPaid } from "./mark-order-paid.ts";
import { refundOrder } from "./refund-order.ts";
import { updateOrderStatus } from "./update-order-status.ts";

describe.each(TEST_ENGINES)("staff order actions on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function fresh() {
    setTestDb(await createTestDatabase(engine));
    return testDb.handle.db;
  }
  const order = (id: string) =>
    testDb.handle.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const history = async (id: string) =>
    testDb.handle.db
      .selectFrom("order_status_history")
      .select(["status", "customer_visible", "note"])
      .where("order_id", "=", id)
      .orderBy("occurred_at")
      .orderBy("id")
      .execute();
  const mails = async (id: string) =>
    (
      await testDb.handle.db
        .selectFrom("mail_outbox")
        .select("kind")
        .where("order_id", "=", id)
        .orderBy("created_at")
        .execute()
    ).map((row) => row.kind);
  const bundleStock = async (id = "pkg-disciple") => setStock(testDb.handle.db, id);

  describe("mark paid", () => {
    it("moves an invoice order awaiting payment to paid once, with the amount, a step and one mail", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db);
      const first = await markOrderPaid(deps(db), { orderId: id });
      const again = await markOrderPaid(deps(db), { orderId: id });

      expect(first).toEqual({ orderId: id, paymentStatus: "paid", changed: true });
      expect(again).toEqual({ orderId: id, paymentStatus: "paid", changed: false });
      const row = await order(id);
      expect(row).toMatchObject({
        payment_status: "paid",
        paid_at: "2026-11-21T09:00:00.000Z",
        amount_paid_cents: row.total_cents,
      });
      expect((await history(id)).map((step) => step.status)).toEqual(["Order Placed", "Payment received"]);
      expect(await mails(id)).toEqual(["payment-received"]);
    });

    it("refuses a card order awaiting Stripe, and a cancelled order, without writing", async () => {
      const db = await fresh();
      const card = await insertTestOrder(db, { order: { payment_method: "card" } });
      await expect(markOrderPaid(deps(db), { orderId: card })).rejects.toMatchObject({
        code: "CONFLICT",
        message: "Card payments are confirmed by Stripe; this order cannot be marked paid by hand.",
      });
      const cancelled = await insertTestOrder(db);
      await cancelOrder(deps(db), { orderId: cancelled });
      await expect(markOrderPaid(deps(db), { orderId: cancelled })).rejects.toMatchObject({ code: "CONFLICT" });
      expect((await order(card)).payment_status).toBe("awaiting_payment");
      expect((await order(cancelled)).payment_status).toBe("voided");
      await expect(markOrderPaid(deps(db), { orderId: "ORD-NOPE" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it("accepts a card payment flagged for review, keeping the amount Stripe took", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db, {
        order: { payment_method: "card", payment_status: "needs_review", amount_paid_cents: 500 },
      });
      await markOrderPaid(deps(db), { orderId: id });
      expect(await order(id)).toMatchObject({ payment_status: "paid", amount_paid_cents: 500 });
    });

    it("accepts a flagged card payment partly refunded in Stripe's dashboard as partially refunded, not paid", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db, {
        order: {
          payment_method: "card",
          payment_status: "needs_review",
          amount_paid_cents: 5000,
          amount_refunded_cents: 1200,
        },
      });
      const result = await markOrderPaid(deps(db), { orderId: id });
      expect(result).toMatchObject({ paymentStatus: "partially_refunded", changed: true });
      expect(await order(id)).toMatchObject({
        payment_status: "partially_refunded",
        amount_paid_cents: 5000,
        amount_refunded_cents: 1200,
      });
    });
  });

  describe("cancel", () => {
    it("gives stock back once, voids the unpaid payment and queues one mail, also when clicked twice at once", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db);
      expect(await bundleStock()).toBe(28);

      const results = await Promise.all([
        cancelOrder(deps(db), { orderId: id }),
        cancelOrder(deps(db), { orderId: id }),
      ]);
      expect(results.filter((result) => result.changed)).toHaveLength(1);
      expect(await bundleStock()).toBe(30);
      expect(await order(id)).toMatchObject({
        status: "Cancelled",
        payment_status: "voided",
        stock_taken: expect.anything(),
      });
      expect(Boolean((await order(id)).stock_taken)).toBe(false);
      const steps = await history(id);
      expect(steps.map((step) => step.status)).toEqual(["Order Placed", "Cancelled"]);
      expect(steps[1]!.note).toBe("Stock returned; Payment voided");
      expect(await mails(id)).toEqual(["cancelled"]);

      // Choosing Cancelled again from the dropdown changes nothing either.
      expect((await updateOrderStatus(deps(db), { orderId: id, status: "Cancelled" })).changed).toBe(false);
      expect(await bundleStock()).toBe(30);
    });

    it("goes through the same rules from the status dropdown", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db);
      await updateOrderStatus(deps(db), { orderId: id, status: "Cancelled" });
      expect(await bundleStock()).toBe(30);
      expect((await order(id)).payment_status).toBe("voided");
    });

    it("refuses a shipped or delivered order and keeps its stock", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db, { order: { status: "Shipped" } });
      await expect(cancelOrder(deps(db), { orderId: id })).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This order has already been shipped, so it can no longer be cancelled.",
      });
      await expect(updateOrderStatus(deps(db), { orderId: id, status: "Cancelled" })).rejects.toMatchObject({
        code: "CONFLICT",
      });
      expect(await bundleStock()).toBe(28);
      expect((await order(id)).status).toBe("Shipped");
    });

    it("keeps a paid invoice order's payment (money returned outside the shop is recorded with Refund)", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db, { order: { payment_status: "paid" } });
      const result = await cancelOrder(deps(db), { orderId: id });
      expect(result).toMatchObject({ status: "Cancelled", paymentStatus: "paid", stockReturned: true });
      expect((await history(id)).at(-1)!.note).toContain("record the refund");
    });

    it("refuses to cancel a paid card order when Stripe cannot refund it, leaving it as it was", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db, { order: paidCardOrder() });
      await expect(cancelOrder(deps(db), { orderId: id })).rejects.toMatchObject({ code: "UNAVAILABLE" });
      expect(await order(id)).toMatchObject({ status: "Pending", payment_status: "paid", amount_refunded_cents: 0 });
      expect(await bundleStock()).toBe(28);
    });
  });

  describe("refund (invoice orders: money returned by staff)", () => {
    it("records a partial then a full refund, refusing more than is left", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db, { order: { payment_status: "paid" } });
      const total = (await order(id)).total_cents;

      const part = await refundOrder(deps(db), { orderId: id, amount: 1000 });
      expect(part).toMatchObject({ paymentStatus: "partially_refunded", refundedCents: 1000, changed: true });
      await expect(refundOrder(deps(db), { orderId: id, amount: total })).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: { amount: expect.stringContaining("more than is left to refund") },
      });
      const rest = await refundOrder(deps(db, new Date("2026-11-22T09:00:00.000Z")), { orderId: id, amount: null });
      expect(rest).toMatchObject({ paymentStatus: "refunded", refundedCents: total - 1000, changed: true });
      expect(await order(id)).toMatchObject({ payment_status: "refunded", amount_refunded_cents: total });
      // A full refund asked for again (a double-click) is already done.
      expect((await refundOrder(deps(db), { orderId: id, amount: null })).changed).toBe(false);
      expect((await history(id)).map((step) => step.status)).toEqual([
        "Order Placed",
        "Partially refunded",
        "Refunded",
      ]);
      expect(await mails(id)).toEqual(["refunded", "refunded"]);
    });

    it("records a double-clicked refund once", async () => {
      const db = await fresh();
      const id = await insertTestOrder(db, { order: { payment_status: "paid" } });
      const results = await Promise.all([
        refundOrder(deps(db), { orderId: id, amount: 500, requestId: "form-1" }),
        refundOrder(deps(db), { orderId: id, amount: 500, requestId: "form-1" }),
      ]);
      expect(results.filter((result) => result.changed)).toHaveLength(1);
      expect((await order(id)).amount_refunded_cents).toBe(500);
      expect(await mails(id)).toEqual(["refunded"]);
      // The same post again later (a retry that read the order after the first was written).
      expect((await refundOrder(deps(db), { orderId: id, amount: 500, requestId: "form-1" })).changed).toBe(false);
      expect((await order(id)).amount_refunded_cents).toBe(500);
      // A new refund from the form is a new request.
      expect((await refundOrder(deps(db), { orderId: id, amount: 500, requestId: "form-2" })).changed).toBe(true);
      expect((await order(id)).amount_refunded_cents).toBe(1000);
    });

    // Zero and malformed amounts are refused by refundOrderSchema before the use case (orders-route.test.ts).
    it("refuses unpaid orders", async () => {
      const db = await fresh();
      const unpaid = await insertTestOrder(db);
      await expect(refundOrder(deps(db), { orderId: unpaid, amount: null })).rejects.toMatchObject({
        code: "CONFLICT",
        message: "Only a paid order can be refunded.",
      });
      expect((await order(unpaid)).amount_refunded_cents).toBe(0);
    });
  });

  it("queues the shipped mail once however often Shipped is chosen", async () => {
    const db = await fresh();
    const id = await insertTestOrder(db);
    for (const status of ["Shipped", "Processing", "Shipped"] as const) {
      await updateOrderStatus(deps(db), { orderId: id, status });
    }
    expect(await mails(id)).toEqual(["shipped"]);
  });
});
