import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { listOrders } from "./list-orders.ts";

describe.each(TEST_ENGINES)("listOrders on %s", (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
    await testDb.handle.db
      .insertInto("orders")
      .values({
        id: "WEB_100%",
        order_date: "2025-07-01T08:00:00.000Z",
        customer_email: "Mixed.Case@Example.NET",
        total_cents: 1299,
        status: "Pending",
        estimated_delivery: null,
        updated_at: "2025-07-01T08:00:00.000Z",
      })
      .execute();
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it("lists orders newest first by order date", async () => {
    const page = await listOrders(testDb.handle);
    expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    expect(page.items.map((o) => o.id)).toEqual(["WEB_100%", "ORD-2025-002", "ORD-2025-001", "ORD-2025-003"]);
    expect(page.items[0]).toEqual({
      id: "WEB_100%",
      orderDate: "2025-07-01T08:00:00.000Z",
      customerEmail: "Mixed.Case@Example.NET",
      totalCents: 1299,
      taxCents: 0,
      status: "Pending",
      currency: "USD",
      paymentMethod: null,
      paymentStatus: "paid",
      amountPaidCents: 0,
      amountRefundedCents: 0,
    });
    expect(page.items.find((o) => o.id === "ORD-2025-002")).toMatchObject({
      customerEmail: "james.okafor@example.com",
      status: "Processing",
    });
  });

  it("searches order id and e-mail without regard to letter case, with % and _ literal", async () => {
    const ids = async (search: string) => (await listOrders(testDb.handle, { search })).items.map((o) => o.id);
    expect(await ids("ord-2025-00")).toEqual(["ORD-2025-002", "ORD-2025-001", "ORD-2025-003"]);
    expect(await ids("001")).toEqual(["ORD-2025-001"]);
    expect(await ids("SARAH.MILLER")).toEqual(["ORD-2025-001", "ORD-2025-003"]);
    expect(await ids("mixed.case@example.net")).toEqual(["WEB_100%"]);
    expect(await ids("_")).toEqual(["WEB_100%"]);
    expect(await ids("0%")).toEqual(["WEB_100%"]);
    expect(await ids("ORD_2025")).toEqual([]);
  });

  it("pages on the server", async () => {
    const db = testDb.handle.db;
    const second = await listOrders({ db }, { page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(second.items.map((o) => o.id)).toEqual(["ORD-2025-003"]);
    expect((await listOrders({ db }, { page: 7, pageSize: 3 })).page).toBe(2);
    expect((await listOrders({ db }, { search: "sarah", page: 2, pageSize: 1 })).items.map((o) => o.id)).toEqual([
      "ORD-2025-003",
    ]);
  });
});
