import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import type { Viewer } from "#server/accounts/viewer.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder } from "#tests/support/test-orders.ts";
import { mayDownloadOrderDocuments, maySeeConfirmation } from "./order-access.ts";

const viewer = (userId: string, email: string, more: Partial<Viewer> = {}): Viewer => ({
  userId,
  email,
  isAdmin: false,
  emailVerified: true,
  ...more,
});

describe("maySeeConfirmation (the confirmation's rule)", () => {
  const order = { id: "ORD-1", user_id: "u1" };
  it("opens for the browser that placed the order, its account and an admin only", () => {
    expect(maySeeConfirmation(order, null, ["ORD-0", "ORD-1"])).toBe(true);
    expect(maySeeConfirmation(order, null, [])).toBe(false);
    expect(maySeeConfirmation(order, viewer("u1", "a@example.com"), [])).toBe(true);
    expect(maySeeConfirmation(order, viewer("u2", "b@example.com"), [])).toBe(false);
    expect(maySeeConfirmation(order, viewer("u2", "b@example.com", { isAdmin: true }), [])).toBe(true);
    expect(maySeeConfirmation({ id: "ORD-2", user_id: null }, viewer("u2", "b@example.com"), [])).toBe(false);
  });
});

describe.each(TEST_ENGINES)("mayDownloadOrderDocuments on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("adds to the confirmation's rule the orders Order History lists: placed with the account's verified address", async () => {
    setTestDb(await createTestDatabase(engine));
    const { db } = testDb.handle;
    const now = new Date().toISOString();
    await db
      .insertInto("user")
      .values({ id: "u1", name: "", email: "owner@example.com", emailVerified: true, createdAt: now, updatedAt: now })
      .execute();
    const owned = await insertTestOrder(db, { order: { user_id: "u1", customer_email: "other@example.com" } });
    const guest = await insertTestOrder(db, { order: { customer_email: "Buyer@Example.com" } });
    const may = (orderId: string, who: Viewer | null, placed: string[] = []) =>
      mayDownloadOrderDocuments({ db }, { orderId, viewer: who, placedOrderIds: placed });

    expect(await may(owned, viewer("u1", "owner@example.com"))).toBe(true);
    expect(await may(owned, viewer("u9", "other@example.com", { emailVerified: false }))).toBe(false);
    expect(await may(guest, viewer("u9", "buyer@example.com"))).toBe(true);
    expect(await may(guest, viewer("u9", "buyer@example.com", { emailVerified: false }))).toBe(false);
    expect(await may(guest, viewer("u8", "someone@example.com"))).toBe(false);
    expect(await may(guest, viewer("u8", "someone@example.com", { isAdmin: true }))).toBe(true);
    expect(await may(guest, null)).toBe(false);
    expect(await may(guest, null, [guest])).toBe(true);
    // An unknown id is refused like a stranger's order, whatever the visitor holds.
    expect(await may("ORD-NONE", null, ["ORD-NONE"])).toBe(false);
    expect(await may("ORD-NONE", viewer("u8", "someone@example.com", { isAdmin: true }))).toBe(false);
    expect(await may("x".repeat(41), null, ["x".repeat(41)])).toBe(false);
  });
});
