import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder } from "#tests/support/test-orders.ts";
import { userRow } from "#tests/support/test-users.ts";
import { CUSTOMER_RECENT_ORDERS, getCustomerDetails } from "./get-customer-details.ts";

describe.each(TEST_ENGINES)("getCustomerDetails on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    const { db } = testDb.handle;
    const at = "2025-02-01T00:00:00.000Z";
    await db
      .insertInto("user")
      .values([
        userRow({ id: "u-ruth", email: "Ruth@Example.com", createdAt: at, emailVerified: true, role: "user" }),
        userRow({ id: "u-new", email: "new@example.com", createdAt: at }),
        userRow({ id: "u-admin", email: "owner@example.com", createdAt: at, role: "admin" }),
      ])
      .execute();
    await db
      .insertInto("profiles")
      .values({ id: "u-ruth", full_name: "Ruth of Moab", username: "ruth", website: null, updated_at: at })
      .execute();
    await db
      .insertInto("email_subscribers")
      .values({ id: "s1", email: "ruth@example.com", subscribed_at: at, confirmed_at: at })
      .execute();
    // Ruth's: two placed signed in, the rest with her address in another letter case.
    for (let day = 1; day <= CUSTOMER_RECENT_ORDERS + 2; day++) {
      await insertTestOrder(db, {
        order: {
          order_date: new Date(Date.UTC(2026, 0, day)).toISOString(),
          customer_email: "RUTH@example.com",
          user_id: day <= 2 ? "u-ruth" : null,
        },
        takeStock: false,
      });
    }
    // Someone else's, and one placed with the unverified account's address (not its own yet).
    await insertTestOrder(db, { order: { customer_email: "naomi@example.com" }, takeStock: false });
    await insertTestOrder(db, { order: { customer_email: "new@example.com" }, takeStock: false });
    return db;
  }

  it("shows the profile, the newsletter and the orders the customer's own history lists, newest first", async () => {
    const db = await setUp();
    const ruth = await getCustomerDetails({ db }, { customerId: "u-ruth" });
    expect(ruth).toMatchObject({
      id: "u-ruth",
      email: "Ruth@Example.com",
      emailVerified: true,
      fullName: "Ruth of Moab",
      username: "ruth",
      website: null,
      newsletter: "confirmed",
      orderCount: CUSTOMER_RECENT_ORDERS + 2,
    });
    expect(ruth.recentOrders).toHaveLength(CUSTOMER_RECENT_ORDERS);
    expect(ruth.recentOrders[0]!.orderDate).toBe(new Date(Date.UTC(2026, 0, CUSTOMER_RECENT_ORDERS + 2)).toISOString());
    expect(ruth.recentOrders[0]).toMatchObject({ totalCents: 3499 * 2 + 599, currency: "USD", status: "Pending" });

    // An unverified address shows only what the account placed itself (none), as its history does.
    expect(await getCustomerDetails({ db }, { customerId: "u-new" })).toMatchObject({
      emailVerified: false,
      fullName: null,
      newsletter: null,
      orderCount: 0,
      recentOrders: [],
    });
  });

  it("answers NOT_FOUND for an unknown id and for an admin", async () => {
    const db = await setUp();
    for (const customerId of ["nobody", "u-admin"]) {
      await expect(getCustomerDetails({ db }, { customerId })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "This customer could not be found.",
      });
    }
  });
});
