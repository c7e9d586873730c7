import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { SEED_BOOKS } from "#server/seed/catalogue.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { userRow } from "#tests/support/test-users.ts";
import { getDashboardStats } from "./dashboard-stats.ts";

async function insertUser(testDb: TestDatabase, id: string, role: string | null) {
  await testDb.handle.db
    .insertInto("user")
    .values(userRow({ id, name: id, email: `${id}@example.com`, createdAt: "2025-06-01T00:00:00.000Z", role }))
    .execute();
}

describe.each(TEST_ENGINES)("getDashboardStats on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("counts nothing in an empty store", async () => {
    setTestDb(await createTestDatabase(engine));
    expect(await getDashboardStats({ db: testDb.handle.db })).toEqual({ books: 0, customers: 0, pendingOrders: 0 });
  });

  it("counts books, non-admin accounts and pending orders", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: true });
    await insertUser(testDb, "admin", "admin");
    await insertUser(testDb, "admin-too", "user,admin");
    await insertUser(testDb, "customer", "user");
    await insertUser(testDb, "no-role", null);
    await insertUser(testDb, "administrator", "administrator");
    // The seed has no pending order: make two.
    await db
      .updateTable("orders")
      .set({ status: "Pending" })
      .where("id", "in", ["ORD-2025-001", "ORD-2025-002"])
      .execute();

    expect(await getDashboardStats({ db })).toEqual({ books: SEED_BOOKS.length, customers: 3, pendingOrders: 2 });

    // A Pending order whose card payment expired has nothing left to ship.
    await db.updateTable("orders").set({ payment_status: "expired" }).where("id", "=", "ORD-2025-002").execute();
    expect((await getDashboardStats({ db })).pendingOrders).toBe(1);
  });
});
