import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { linkSeedBundleBooks } from "#server/seed/bundle-contents.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { insertTestBundle } from "#tests/support/test-bundles.ts";
import { listBundles } from "./list-bundles.ts";

describe.each(TEST_ENGINES)("bundles on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("lists the spec's three bundles in position order, their availability from their seeded books", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await seedDatabase({ db, clock: () => new Date() }, { sampleOrders: false });
    const bundles = await listBundles({ db });
    // The Prophet's Collection holds Moses, seeded sold out: it is sold out too.
    expect(
      bundles.map((b) => [b.id, b.name, b.priceCents, b.originalPriceCents, b.savings, b.bookCount, b.stock]),
    ).toEqual([
      ["pkg-disciple", "The Disciple's Set", 3499, 4500, "Save 22%", 3, 35],
      ["pkg-shepherd", "The Shepherd's Pack", 6999, 12000, "Save 41%", 3, 30],
      ["pkg-prophet", "The Prophet's Collection", 15999, 25000, "Save 36%", 7, 0],
    ]);
    expect(bundles.map((b) => b.popular)).toEqual([false, true, false]);
    expect(bundles[0]!.features).toContain("Perfect for ages 3-7");
    expect(bundles[2]!.features).toContain("90-day satisfaction guarantee");
  });

  it("follows position changes and its parts' stock, and survives a broken features column", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const a = await insertTestBook(db, { title: "A", stock: 25 });
    const b = await insertTestBook(db, { title: "B", stock: null });
    const set = await insertTestBundle(db, {
      parts: [
        { bookId: a, quantity: 12 },
        { bookId: b, quantity: 1 },
      ],
    });
    await db.updateTable("bundles").set({ position: -1, features: "not json" }).where("id", "=", set).execute();
    const [first] = await listBundles({ db });
    expect([first!.id, first!.stock, first!.bookCount, first!.features]).toEqual([set, 2, 13, []]);
    expect(first!.books.map((book) => [book.title, book.quantity])).toEqual([
      ["A", 12],
      ["B", 1],
    ]);
    await db.updateTable("books").set({ stock: null }).where("id", "=", a).execute();
    expect((await listBundles({ db }))[0]!.stock).toBeNull();
    await db.updateTable("books").set({ stock: 11 }).where("id", "=", a).execute();
    expect((await listBundles({ db }))[0]!.stock).toBe(0);
  });

  it("says which books are inside each seeded bundle, in order, and drops a deleted book", async () => {
    setTestDb(await createTestDatabase(engine));
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
    // A set that lost a book is unavailable, never sold short or free.
    expect(after.map((b) => b.stock)).toEqual([0, 30, 0]);
  });
});
