import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { listSubscribers } from "./list-subscribers.ts";
import { subscribe } from "./subscribe.ts";

describe.each(TEST_ENGINES)("listSubscribers on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  it("lists subscribers newest first, one page at a time", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    expect(await listSubscribers(db)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
    for (let day = 1; day <= 5; day++) {
      await subscribe(db, `reader${day}@example.com`, new Date(Date.UTC(2025, 5, day)));
    }

    const all = await listSubscribers(db);
    expect(all).toMatchObject({ total: 5, page: 1, pageCount: 1 });
    expect(all.items[0]).toEqual({ id: expect.any(String), email: "reader5@example.com", subscribedAt: "2025-06-05T00:00:00.000Z" });
    expect(all.items.map((s) => s.email)).toEqual([5, 4, 3, 2, 1].map((n) => `reader${n}@example.com`));

    const second = await listSubscribers(db, { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(second.items.map((s) => s.email)).toEqual(["reader3@example.com", "reader2@example.com"]);
    expect((await listSubscribers(db, { page: -1, pageSize: 2 })).page).toBe(1);
    expect((await listSubscribers(db, { page: "9", pageSize: 2 })).items.map((s) => s.email)).toEqual(["reader1@example.com"]);
  });
});
