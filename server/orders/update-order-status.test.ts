import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { trackOrder } from "./track-order.ts";
import { updateOrderStatus } from "./update-order-status.ts";
import { orderActionDeps as deps } from "#tests/support/test-orders.ts";

describe.each(TEST_ENGINES)("updateOrderStatus on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function seeded() {
    setTestDb(await createTestDatabase(engine));
    await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
    return testDb.handle.db;
  }

  const order = (id: string) =>
    testDb.handle.db
      .selectFrom("orders")
      .select(["status", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const historyCount = async (id: string) =>
    (await testDb.handle.db.selectFrom("order_status_history").select("id").where("order_id", "=", id).execute())
      .length;

  it("saves the status with updated_at and shows it first on Track Order", async () => {
    const db = await seeded();
    const now = new Date("2026-01-15T12:00:00.000Z");

    const result = await updateOrderStatus(deps(db, now), { orderId: "ORD-2025-002", status: "Shipped" });

    expect(result).toEqual({ orderId: "ORD-2025-002", status: "Shipped", updatedAt: now.toISOString(), changed: true });
    expect(await order("ORD-2025-002")).toEqual({ status: "Shipped", updated_at: now.toISOString() });
    const tracking = await trackOrder({ db }, { orderId: "ORD-2025-002" });
    expect(tracking?.status).toBe("Shipped");
    expect(tracking?.history[0]).toEqual({ status: "Shipped", location: "Store", occurredAt: now.toISOString() });
    expect(tracking?.history).toHaveLength(3);
  });

  it("allows any transition but reopening a cancelled order, one history step per change", async () => {
    const db = await seeded();
    const steps = ["Delivered", "Pending", "Shipped", "Processing"] as const;
    for (const [index, status] of steps.entries()) {
      await updateOrderStatus(deps(db, new Date(Date.UTC(2026, 0, 1 + index))), { orderId: "ORD-2025-003", status });
    }
    const tracking = await trackOrder({ db }, { orderId: "ORD-2025-003" });
    expect(tracking?.status).toBe("Processing");
    expect(tracking?.history.slice(0, 4).map((s) => s.status)).toEqual([...steps].reverse());

    await updateOrderStatus(deps(db), { orderId: "ORD-2025-003", status: "Cancelled" });
    await expect(updateOrderStatus(deps(db), { orderId: "ORD-2025-003", status: "Pending" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This order was cancelled; a cancelled order cannot be reopened.",
    });
    expect((await order("ORD-2025-003")).status).toBe("Cancelled");
  });

  it("writes nothing when the order already has the status", async () => {
    const db = await seeded();
    const before = await order("ORD-2025-001");
    const steps = await historyCount("ORD-2025-001");
    const result = await updateOrderStatus(deps(db), { orderId: "ORD-2025-001", status: "Shipped" });
    expect(result).toEqual({
      orderId: "ORD-2025-001",
      status: "Shipped",
      updatedAt: before.updated_at,
      changed: false,
    });
    expect(await order("ORD-2025-001")).toEqual(before);
    expect(await historyCount("ORD-2025-001")).toBe(steps);
  });

  // Unknown statuses and blank ids are refused by orderStatusChangeSchema in the orders action
  // (orders-route.test.ts), before this use case.
  it("refuses unknown orders without writing", async () => {
    const db = await seeded();
    const before = await order("ORD-2025-001");
    const steps = await historyCount("ORD-2025-001");
    await expect(updateOrderStatus(deps(db), { orderId: "ORD-1999-001", status: "Pending" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This order could not be found.",
    });
    expect(await order("ORD-2025-001")).toEqual(before);
    expect(await historyCount("ORD-2025-001")).toBe(steps);
    expect(await historyCount("ORD-1999-001")).toBe(0);
  });
});
