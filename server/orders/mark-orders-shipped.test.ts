import type { Insertable } from "kysely";
import type { OrdersTable } from "#server/db/schema.ts";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder, orderActionDeps as deps, paidCardOrder } from "#tests/support/test-orders.ts";
import { describeShipResult, markOrdersShipped } from "./mark-orders-shipped.ts";

describe.each(TEST_ENGINES)("markOrdersShipped on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("ships each order its own rules allow and says which were skipped and why", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const place = (id: string, order: Partial<Insertable<OrdersTable>>) =>
      insertTestOrder(db, { takeStock: false, order: { id, ...order } });
    await place("PAID", paidCardOrder());
    await place("INVOICE", {}); // an invoice order may ship before it is paid
    await place("PROCESSING", { ...paidCardOrder(), status: "Processing" });
    await place("UNPAID-CARD", { payment_method: "card", payment_status: "awaiting_payment" });
    await place("SHIPPED", { ...paidCardOrder(), status: "Shipped" });
    await place("DELIVERED", { ...paidCardOrder(), status: "Delivered" });
    await place("CANCELLED", { status: "Cancelled", payment_status: "voided" });

    const ids = ["PAID", "INVOICE", "UNPAID-CARD", "SHIPPED", "DELIVERED", "CANCELLED", "NOPE", "PROCESSING", "PAID"];
    const result = await markOrdersShipped(deps(db), { orderIds: ids });
    expect(result).toEqual({
      shipped: ["PAID", "INVOICE", "PROCESSING"],
      skipped: [
        { orderId: "UNPAID-CARD", reason: "not-paid" },
        { orderId: "SHIPPED", reason: "already-shipped" },
        { orderId: "DELIVERED", reason: "delivered" },
        { orderId: "CANCELLED", reason: "cancelled" },
        { orderId: "NOPE", reason: "not-found" },
      ],
      trackingNotSaved: [],
    });
    expect(describeShipResult(result)).toBe(
      "3 orders marked shipped. 5 skipped: UNPAID-CARD (not paid yet), SHIPPED (already shipped), " +
        "DELIVERED (already delivered), CANCELLED (cancelled), NOPE (not found).",
    );
    const statuses = await db.selectFrom("orders").select(["id", "status"]).orderBy("id").execute();
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      CANCELLED: "Cancelled",
      DELIVERED: "Delivered",
      INVOICE: "Shipped",
      PAID: "Shipped",
      PROCESSING: "Shipped",
      SHIPPED: "Shipped",
      "UNPAID-CARD": "Pending",
    });
    // Each shipped order got its own history step and one shipped mail.
    const mails = await db.selectFrom("mail_outbox").select("order_id").where("kind", "=", "shipped").execute();
    expect(mails.map((m) => m.order_id).sort()).toEqual(["INVOICE", "PAID", "PROCESSING"]);

    // A retry of the same request changes nothing more.
    const retry = await markOrdersShipped(deps(db), { orderIds: ["PAID", "INVOICE"] });
    expect(retry).toEqual({
      shipped: [],
      skipped: [
        { orderId: "PAID", reason: "already-shipped" },
        { orderId: "INVOICE", reason: "already-shipped" },
      ],
      trackingNotSaved: [],
    });
    expect(await db.selectFrom("mail_outbox").select("id").where("kind", "=", "shipped").execute()).toHaveLength(3);
    const history = await db.selectFrom("order_status_history").select("id").where("order_id", "=", "PAID").execute();
    expect(history).toHaveLength(2);
  });

  it("ships each order with the tracking number given for it, and says when a skipped order's was not saved", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    for (const [id, order] of [
      ["A", paidCardOrder()],
      ["B", paidCardOrder()],
      ["DONE", { ...paidCardOrder(), status: "Delivered" as const }],
    ] as const) {
      await insertTestOrder(db, { takeStock: false, order: { id, ...order } });
    }
    const result = await markOrdersShipped(deps(db), {
      orderIds: ["A", "B", "DONE"],
      parcels: [
        { orderId: "A", carrier: "ups", trackingNumber: "1Z999AA10123456784" },
        { orderId: "DONE", carrier: "usps", trackingNumber: "9400 1000 0000 0000 0000 00" },
      ],
    });
    expect(result).toEqual({
      shipped: ["A", "B"],
      skipped: [{ orderId: "DONE", reason: "delivered" }],
      trackingNotSaved: ["DONE"],
    });
    expect(describeShipResult(result)).toBe(
      "2 orders marked shipped. 1 skipped: DONE (already delivered). Their tracking numbers were not saved: DONE.",
    );
    const numbers = await db
      .selectFrom("order_tracking_numbers")
      .select(["order_id", "carrier", "tracking_number"])
      .execute();
    expect(numbers).toEqual([{ order_id: "A", carrier: "ups", tracking_number: "1Z999AA10123456784" }]);
    const step = await db
      .selectFrom("order_status_history")
      .select(["status", "note", "customer_visible"])
      .where("order_id", "=", "A")
      .where("status", "=", "Shipped")
      .executeTakeFirstOrThrow();
    expect(step).toMatchObject({ note: "Tracking: UPS 1Z999AA10123456784" });
    expect(Boolean(step.customer_visible)).toBe(true);
  });

  // An empty choice, a blank id and more than BULK_ORDER_LIMIT are refused by bulkShipOrdersSchema
  // in the orders action, before this use case (orders-route.test.ts).
  it("changes nothing for an empty list", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await insertTestOrder(db, { takeStock: false, order: { id: "PAID", ...paidCardOrder() } });
    expect(await markOrdersShipped(deps(db), { orderIds: [] })).toEqual({
      shipped: [],
      skipped: [],
      trackingNotSaved: [],
    });
    const order = await db.selectFrom("orders").select("status").where("id", "=", "PAID").executeTakeFirstOrThrow();
    expect(order.status).toBe("Pending");
  });
});
