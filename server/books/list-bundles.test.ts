import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { linkSeedBundleBooks } from "#server/seed/bundle-contents.ts";
import { listBundles } from "./list-bundles.ts";

describe.each(TEST_ENGINES)("bundles on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  it("lists the spec's three bundles in position order, as the migration seeded them", async () => {
    testDb = await createTestDatabase(engine);
    const bundles = await listBundles({ db: testDb.handle.db });
    expect(
      bundles.map((b) => [b.id, b.name, b.priceCents, b.originalPriceCents, b.savings, b.bookCount, b.stock]),
    ).toEqual([
      ["pkg-disciple", "The Disciple's Set", 3499, 4500, "Save 22%", 3, 30],
      ["pkg-shepherd", "The Shepherd's Pack", 6999, 12000, "Save 41%", 3, 20],
      ["pkg-prophet", "The Prophet's Collection", 15999, 25000, "Save 36%", 7, 10],
    ]);
    expect(bundles.map((b) => b.popular)).toEqual([false, true, false]);
    expect(bundles[0]!.features).toContain("Perfect for ages 3-7");
    expect(bundles[2]!.features).toContain("90-day satisfaction guarantee");
  });

  it("follows position and stock changes, and survives a broken features column", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    await db
      .updateTable("bundles")
      .set({ position: 9, stock: 0, features: "not json" })
      .where("id", "=", "pkg-disciple")
      .execute();
    await db.updateTable("bundles").set({ stock: null }).where("id", "=", "pkg-prophet").execute();
    const bundles = await listBundles({ db });
    expect(bundles.map((b) => [b.id, b.stock])).toEqual([
      ["pkg-shepherd", 20],
      ["pkg-prophet", null],
      ["pkg-disciple", 0],
    ]);
    expect(bundles[2]!.features).toEqual([]);
  });

  it("says which books are inside each seeded bundle, in order, and drops a deleted book", async () => {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: true });
    // Linking again (a later start, the migration on a seeded shop) adds nothing.
    await linkSeedBundleBooks({ db });
    const bundles = await listBundles({ db });
    expect(bundles.map((b) => b.books.length)).toEqual([3, 3, 7]);
    expect(bundles[0]!.books.map((b) => b.title)).toEqual([
      "In the Beginning: The Story of Creation",
      "Noah's Ark and the Promise of the Rainbow",
      "The Birth of Jesus: A Savior in a Manger",
    ]);
    expect(bundles[0]!.books[0]!.slug).toBe("in-the-beginning-the-story-of-creation");
    expect(bundles[0]!.books.every((b) => b.imageUrl)).toBe(true);

    await db.deleteFrom("books").where("title", "=", "Noah's Ark and the Promise of the Rainbow").execute();
    const after = await listBundles({ db });
    expect(after.map((b) => b.books.length)).toEqual([2, 3, 6]);
  });
});
