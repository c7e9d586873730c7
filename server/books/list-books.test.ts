import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { listNewestBooks, NEWEST_BOOKS_COUNT } from "./list-books.ts";

describe.each(TEST_ENGINES)("listNewestBooks on %s", (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it("returns the newest books first, as many as asked for", async () => {
    const all = await listNewestBooks({ db: testDb.handle.db }, { limit: 100 });
    const newest = await listNewestBooks({ db: testDb.handle.db }, { limit: NEWEST_BOOKS_COUNT });
    expect(newest).toHaveLength(4);
    expect(newest).toEqual(all.slice(0, 4));
    const dates = all.map((b) => b.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("returns money as integer cents and keeps optional fields null", async () => {
    const all = await listNewestBooks({ db: testDb.handle.db }, { limit: 100 });
    for (const book of all) expect(Number.isInteger(book.priceCents)).toBe(true);
    expect(all.find((b) => b.stock === null)).toBeDefined();
  });
});
