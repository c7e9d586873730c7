import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES } from "#tests/support/test-database.ts";
import { SEED_ORDERS } from "#server/seed/sample-orders.ts";
import { orderIdInputSchema, orderIdSchema } from "#common/orders/tracking-schema.ts";
import { trackOrder } from "./track-order.ts";
import { appendOrderHistory } from "./order-history.ts";

describe.each(TEST_ENGINES)("trackOrder on %s", (engine) => {
  const testDb = useFixture(() => createTestDatabase(engine, { seeded: true }), "all");

  it("finds a seeded order with its history, newest step first", async () => {
    const tracking = await trackOrder(testDb.handle, { orderId: "ORD-2025-001" });
    expect(tracking).toEqual({
      orderId: "ORD-2025-001",
      status: "Shipped",
      orderDate: "2025-06-02T09:15:00.000Z",
      estimatedDelivery: "2025-06-12",
      history: [
        { status: "In Transit", location: "New York, NY", occurredAt: "2025-06-06T17:45:00.000Z" },
        { status: "Shipped", location: "Tel Aviv Distribution Center", occurredAt: "2025-06-04T08:30:00.000Z" },
        { status: "Packed", location: "Warehouse, Jerusalem", occurredAt: "2025-06-03T14:00:00.000Z" },
        { status: "Order Placed", location: "Online", occurredAt: "2025-06-02T09:15:00.000Z" },
      ],
      trackingNumbers: [],
    });
  });

  it("leaves out staff-only steps and their notes", async () => {
    await appendOrderHistory(testDb.handle.db, {
      orderId: "ORD-2025-002",
      status: "Payment flagged",
      at: new Date("2026-01-01T00:00:00.000Z"),
      customerVisible: false,
      note: "Paid amount differs",
    });
    const tracking = await trackOrder(testDb.handle, { orderId: "ORD-2025-002" });
    expect(tracking?.history.map((step) => step.status)).not.toContain("Payment flagged");
    expect(JSON.stringify(tracking)).not.toContain("Paid amount differs");
  });

  it("reads every order from the database the same way, seeded or not", async () => {
    for (const seed of SEED_ORDERS) {
      const tracking = await trackOrder(testDb.handle, { orderId: seed.id });
      expect(tracking?.status).toBe(seed.status);
      expect(tracking?.history.map((s) => s.status)).toEqual(seed.history.map((s) => s.status).reverse());
    }

    const db = testDb.handle.db;
    await db
      .insertInto("orders")
      .values({
        id: "ORD-2025-999",
        order_date: "2025-07-01T10:00:00.000Z",
        customer_email: "new.customer@example.com",
        total_cents: 1999,
        status: "Pending",
        estimated_delivery: null,
        updated_at: "2025-07-01T10:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("order_status_history")
      .values({
        id: "h-999",
        order_id: "ORD-2025-999",
        status: "Order Placed",
        location: null,
        occurred_at: "2025-07-01T10:00:00.000Z",
      })
      .execute();
    await expect(trackOrder({ db }, { orderId: "ORD-2025-999" })).resolves.toEqual({
      orderId: "ORD-2025-999",
      status: "Pending",
      orderDate: "2025-07-01T10:00:00.000Z",
      estimatedDelivery: null,
      history: [{ status: "Order Placed", location: null, occurredAt: "2025-07-01T10:00:00.000Z" }],
      trackingNumbers: [],
    });

    // Status changes show on the next lookup: nothing is cached.
    await db.updateTable("orders").set({ status: "Processing" }).where("id", "=", "ORD-2025-999").execute();
    await expect(trackOrder({ db }, { orderId: "ORD-2025-999" })).resolves.toMatchObject({ status: "Processing" });
  });

  it("trims the id and ignores its letter case, answering with the stored id", async () => {
    for (const input of ["ord-2025-001", "  Ord-2025-001\t", "\nORD-2025-001 "]) {
      const tracking = await trackOrder(testDb.handle, { orderId: input });
      expect(tracking?.orderId).toBe("ORD-2025-001");
      expect(tracking?.history).toHaveLength(4);
    }
  });

  it("answers null for unknown ids", async () => {
    for (const input of ["ORD-2025-000", "ORD-2025-0011", "ORD-2025", "ORD"]) {
      await expect(trackOrder(testDb.handle, { orderId: input })).resolves.toBeNull();
    }
  });

  it("answers null, without failing, for blank, over-long and oddly shaped input", async () => {
    const inputs: unknown[] = [
      "",
      "   ",
      undefined,
      null,
      42,
      ["ORD-2025-001"],
      { id: "ORD-2025-001" },
      "A".repeat(65),
      `ORD-2025-001${"-".repeat(60)}`,
      "ORD-2025-%",
      "ORD_2025_001",
      "ORD-2025-00_",
      "%",
      "_",
      "ORD-2025-001' OR '1'='1",
      "ORD-2025-001; drop table orders",
      "ORD 2025 001",
      "ORD-2025-001\u0000",
      "ÖRD-2025-001",
      "ORD‐2025‐001", // Unicode hyphens
      "x".repeat(100_000),
    ];
    for (const input of inputs) {
      await expect(
        trackOrder(testDb.handle, { orderId: input }),
        JSON.stringify(input)?.slice(0, 40),
      ).resolves.toBeNull();
    }
    // And the table is still there.
    await expect(trackOrder(testDb.handle, { orderId: "ORD-2025-002" })).resolves.toMatchObject({
      status: "Processing",
    });
  });

  it("accepts an id of exactly the maximum length", async () => {
    const id = `ORD-${"9".repeat(60)}`;
    await testDb.handle.db
      .insertInto("orders")
      .values({
        id,
        order_date: "2025-07-02T10:00:00.000Z",
        customer_email: "long@example.com",
        total_cents: 0,
        status: "Pending",
        estimated_delivery: null,
        updated_at: "2025-07-02T10:00:00.000Z",
      })
      .execute();
    await expect(trackOrder(testDb.handle, { orderId: id.toLowerCase() })).resolves.toMatchObject({
      orderId: id,
      history: [],
    });
  });

  it("returns no personal or commercial data", async () => {
    const tracking = await trackOrder(testDb.handle, { orderId: "ORD-2025-001" });
    expect(Object.keys(tracking!).sort()).toEqual([
      "estimatedDelivery",
      "history",
      "orderDate",
      "orderId",
      "status",
      "trackingNumbers",
    ]);
    for (const step of tracking!.history)
      expect(Object.keys(step).sort()).toEqual(["location", "occurredAt", "status"]);
    const text = JSON.stringify(tracking);
    expect(text).not.toContain("@");
    expect(text).not.toContain("sarah.miller");
    expect(text).not.toMatch(/cents|price|total|email|items|quantity|title/i);
  });
});

describe("the order id schemas", () => {
  it("require a non-blank id with the form's message", () => {
    for (const input of ["", "  ", undefined]) {
      const result = orderIdInputSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please enter an order ID to track.");
    }
    expect(orderIdInputSchema.parse("  ORD-2025-001 ")).toBe("ORD-2025-001");
  });

  it("accept only short ids of letters, digits, hyphens and underscores", () => {
    expect(orderIdSchema.safeParse("ord-2025_001").success).toBe(true);
    expect(orderIdSchema.safeParse("a".repeat(64)).success).toBe(true);
    expect(orderIdSchema.safeParse("a".repeat(65)).success).toBe(false);
    expect(orderIdSchema.safeParse("ORD 2025").success).toBe(false);
    expect(orderIdSchema.safeParse("ORD/2025").success).toBe(false);
  });
});
