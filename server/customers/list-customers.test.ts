import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { userRow } from "#tests/support/test-users.ts";
import { listCustomers } from "./list-customers.ts";

interface TestUser {
  id: string;
  email: string;
  role?: string | null;
  fullName?: string | null;
  createdAt: string;
}

/** Users as better-auth stores them, plus a profile when a name is given. */
async function insertUsers(testDb: TestDatabase, users: TestUser[]) {
  const { db } = testDb.handle;
  for (const user of users) {
    await db
      .insertInto("user")
      .values(userRow({ id: user.id, email: user.email, createdAt: user.createdAt, role: user.role ?? null }))
      .execute();
    if (user.fullName !== undefined) {
      await db
        .insertInto("profiles")
        .values({ id: user.id, full_name: user.fullName, username: null, website: null, updated_at: user.createdAt })
        .execute();
    }
  }
}

const USERS: TestUser[] = [
  {
    id: "u-admin",
    email: "owner@shop.example",
    role: "admin",
    fullName: "Olivia Owner",
    createdAt: "2025-01-01T00:00:00.000Z",
  },
  { id: "u-staff", email: "staff@shop.example", role: "user,admin", createdAt: "2025-01-02T00:00:00.000Z" },
  {
    id: "u-anna",
    email: "Anna.Smith@Example.com",
    role: "user",
    fullName: "Anna Smith",
    createdAt: "2025-02-01T00:00:00.000Z",
  },
  { id: "u-ben", email: "ben@example.com", role: null, createdAt: "2025-03-01T00:00:00.000Z" },
  { id: "u-cara", email: "cara@example.org", role: "user", fullName: "  ", createdAt: "2025-04-01T00:00:00.000Z" },
  { id: "u-pct", email: "percent_50%@example.org", fullName: "Dan 100% Reader", createdAt: "2025-05-01T00:00:00.000Z" },
  { id: "u-x", email: "dan1005@example.org", fullName: "Dan 1005 Reader", createdAt: "2025-06-01T00:00:00.000Z" },
];

describe.each(TEST_ENGINES)("listCustomers on %s", (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    await insertUsers(testDb, USERS);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  /** The ids of the customers a search finds, in the list's order. */
  const ids = async (search: string) =>
    (await listCustomers({ db: testDb.handle.db }, { search })).items.map((c) => c.id);

  it("lists customer accounts only, newest first, with the profile's name or null", async () => {
    const page = await listCustomers({ db: testDb.handle.db });
    expect(page).toEqual({
      items: [
        { id: "u-x", fullName: "Dan 1005 Reader", email: "dan1005@example.org", joinedOn: "2025-06-01T00:00:00.000Z" },
        {
          id: "u-pct",
          fullName: "Dan 100% Reader",
          email: "percent_50%@example.org",
          joinedOn: "2025-05-01T00:00:00.000Z",
        },
        { id: "u-cara", fullName: null, email: "cara@example.org", joinedOn: "2025-04-01T00:00:00.000Z" },
        { id: "u-ben", fullName: null, email: "ben@example.com", joinedOn: "2025-03-01T00:00:00.000Z" },
        { id: "u-anna", fullName: "Anna Smith", email: "Anna.Smith@Example.com", joinedOn: "2025-02-01T00:00:00.000Z" },
      ],
      total: 5,
      page: 1,
      pageCount: 1,
    });
  });

  it("searches name and e-mail without regard to letter case", async () => {
    expect(await ids("ANNA")).toEqual(["u-anna"]);
    expect(await ids("smith@example")).toEqual(["u-anna"]);
    expect(await ids("  ben@EXAMPLE.COM ")).toEqual(["u-ben"]);
    expect(await ids("example.org")).toEqual(["u-x", "u-pct", "u-cara"]);
    // Admins are never customers, even when the search names them.
    expect(await ids("owner")).toEqual([]);
    expect(await ids("shop.example")).toEqual([]);
    expect(await ids("   ")).toHaveLength(5);
  });

  it("matches % and _ literally", async () => {
    expect(await ids("100%")).toEqual(["u-pct"]);
    expect(await ids("_50%")).toEqual(["u-pct"]);
    expect(await ids("%")).toEqual(["u-pct"]);
    expect(await ids("_")).toEqual(["u-pct"]);
    expect(await ids("!")).toEqual([]);
  });

  it("pages on the server and clamps odd page numbers", async () => {
    const db = testDb.handle.db;
    const page2 = await listCustomers({ db }, { page: 2, pageSize: 2 });
    expect(page2.items.map((c) => c.id)).toEqual(["u-cara", "u-ben"]);
    expect(page2).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(await listCustomers({ db }, { page: "3", pageSize: 2 })).toMatchObject({
      page: 3,
      items: [{ id: "u-anna" }],
    });
    for (const odd of [0, -4, "abc", "", null, Number.NaN, 1.7]) {
      expect((await listCustomers({ db }, { page: odd, pageSize: 2 })).page).toBe(1);
    }
    expect(await listCustomers({ db }, { page: 99, pageSize: 2 })).toMatchObject({
      page: 3,
      items: [{ id: "u-anna" }],
    });
    expect((await listCustomers({ db }, { pageSize: 0 })).items).toHaveLength(1);
    expect(await listCustomers({ db }, { search: "nobody-at-all" })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });
});
