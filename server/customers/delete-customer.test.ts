import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { userRow } from "#tests/support/test-users.ts";
import { deleteCustomer } from "./delete-customer.ts";

const AT = "2025-06-01T00:00:00.000Z";

/** A user with a profile, a password account and a live session, as after sign-up and sign-in. */
async function insertUser(testDb: TestDatabase, id: string, email: string, role: string | null) {
  const { db } = testDb.handle;
  await db
    .insertInto("user")
    .values(userRow({ id, email, emailVerified: true, createdAt: AT, role, banned: false }))
    .execute();
  await db
    .insertInto("profiles")
    .values({ id, full_name: `Name of ${id}`, username: id, website: null, updated_at: AT })
    .execute();
  await db
    .insertInto("account")
    .values({
      id: `acc-${id}`,
      accountId: id,
      providerId: "credential",
      userId: id,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: "hashed",
      createdAt: AT,
      updatedAt: AT,
    })
    .execute();
  await db
    .insertInto("session")
    .values({
      id: `sess-${id}`,
      expiresAt: "2099-01-01T00:00:00.000Z",
      token: `token-${id}`,
      createdAt: AT,
      updatedAt: AT,
      ipAddress: null,
      userAgent: null,
      userId: id,
      impersonatedBy: null,
    })
    .execute();
}

async function rowsOf(testDb: TestDatabase, userId: string) {
  const { db } = testDb.handle;
  return {
    user: (await db.selectFrom("user").select("id").where("id", "=", userId).execute()).length,
    profile: (await db.selectFrom("profiles").select("id").where("id", "=", userId).execute()).length,
    account: (await db.selectFrom("account").select("id").where("userId", "=", userId).execute()).length,
    session: (await db.selectFrom("session").select("id").where("userId", "=", userId).execute()).length,
  };
}

const ALL = { user: 1, profile: 1, account: 1, session: 1 };
const NONE = { user: 0, profile: 0, account: 0, session: 0 };

describe.each(TEST_ENGINES)("deleteCustomer on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp() {
    setTestDb(await createTestDatabase(engine, { seeded: true }));
    await insertUser(testDb, "admin-1", "owner@shop.example", "admin");
    await insertUser(testDb, "admin-2", "staff@shop.example", "user,admin");
    // The customer of two seeded sample orders.
    await insertUser(testDb, "cust-1", "sarah.miller@example.com", "user");
    await insertUser(testDb, "cust-2", "other@example.com", null);
  }

  it("deletes the account with its sessions, sign-in methods and profile, keeping the orders", async () => {
    await setUp();
    const db = testDb.handle.db;
    const ordersBefore = await db
      .selectFrom("orders")
      .select("id")
      .where("customer_email", "=", "sarah.miller@example.com")
      .execute();
    expect(ordersBefore).toHaveLength(2);

    await expect(deleteCustomer({ db }, { actorUserId: "admin-1", customerId: "cust-1" })).resolves.toEqual({
      id: "cust-1",
      email: "sarah.miller@example.com",
    });

    expect(await rowsOf(testDb, "cust-1")).toEqual(NONE);
    expect(await rowsOf(testDb, "cust-2")).toEqual(ALL);
    expect(await rowsOf(testDb, "admin-1")).toEqual(ALL);
    const ordersAfter = await db
      .selectFrom("orders")
      .select("id")
      .where("customer_email", "=", "sarah.miller@example.com")
      .execute();
    expect(ordersAfter).toEqual(ordersBefore);
    expect(
      await db
        .selectFrom("order_items")
        .select("id")
        .where(
          "order_id",
          "in",
          ordersBefore.map((o) => o.id),
        )
        .execute(),
    ).not.toHaveLength(0);
  });

  it("refuses admins, oneself, non-admin actors and unknown ids without deleting anything", async () => {
    await setUp();
    const db = testDb.handle.db;
    const cases = [
      [{ actorUserId: "admin-1", customerId: "admin-1" }, "FORBIDDEN", "You cannot delete your own account."],
      [{ actorUserId: "admin-1", customerId: "admin-2" }, "FORBIDDEN", "Admin accounts cannot be deleted here."],
      [{ actorUserId: "admin-2", customerId: "admin-1" }, "FORBIDDEN", "Admin accounts cannot be deleted here."],
      [
        { actorUserId: "cust-2", customerId: "cust-1" },
        "FORBIDDEN",
        "Only administrators can delete customer accounts.",
      ],
      [
        { actorUserId: "cust-1", customerId: "cust-1" },
        "FORBIDDEN",
        "Only administrators can delete customer accounts.",
      ],
      [
        { actorUserId: "ghost", customerId: "cust-1" },
        "FORBIDDEN",
        "Only administrators can delete customer accounts.",
      ],
      [{ actorUserId: "admin-1", customerId: "ghost" }, "NOT_FOUND", "This customer no longer exists."],
      [{ actorUserId: "admin-1", customerId: "" }, "NOT_FOUND", "This customer no longer exists."],
    ] as const;
    for (const [input, code, message] of cases) {
      await expect(deleteCustomer({ db }, input)).rejects.toMatchObject({ code, message });
    }
    for (const id of ["admin-1", "admin-2", "cust-1", "cust-2"]) expect(await rowsOf(testDb, id)).toEqual(ALL);

    await deleteCustomer({ db }, { actorUserId: "admin-2", customerId: "cust-2" });
    await expect(deleteCustomer({ db }, { actorUserId: "admin-2", customerId: "cust-2" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
