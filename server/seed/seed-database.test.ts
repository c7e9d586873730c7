import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { countRows } from "#tests/support/row-count.ts";
import { readOrder } from "#tests/support/test-orders.ts";
import { listNewestBooks } from "#server/books/list-books.ts";
import { coverKeyFromUrl } from "#server/covers/cover-store.ts";
import { DatabaseCoverStore } from "#server/covers/database-cover-store.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { SEED_BOOKS } from "./catalogue.ts";
import { seedDatabase } from "./seed-database.ts";

async function counts(testDb: TestDatabase) {
  const { db } = testDb.handle;
  const count = (
    table: "books" | "orders" | "order_items" | "order_status_history" | "store_settings" | "shipping_methods",
  ) => countRows(db, table);
  return {
    books: await count("books"),
    orders: await count("orders"),
    items: await count("order_items"),
    history: await count("order_status_history"),
    settings: await count("store_settings"),
    shipping: await count("shipping_methods"),
  };
}

describe.each(TEST_ENGINES)("seed on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("fills an empty database with the demo catalogue, sample orders and default settings", async () => {
    setTestDb(await createTestDatabase(engine));
    const result = await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
    expect(result).toEqual({ seeded: true, books: SEED_BOOKS.length, orders: 3 });
    expect(await counts(testDb)).toMatchObject({ books: SEED_BOOKS.length, orders: 3, settings: 1, shipping: 2 });

    const books = await listNewestBooks({ db: testDb.handle.db }, { limit: 100 });
    expect(books.length).toBeGreaterThanOrEqual(12);
    expect(books.some((b) => b.stock === 0)).toBe(true);
    expect(books.some((b) => b.stock === null)).toBe(true);
    expect(books.some((b) => b.originalPriceCents !== null)).toBe(true);
    for (const badge of ["Bestseller", "New Release"]) expect(books.some((b) => b.badge === badge)).toBe(true);
    for (const book of books) {
      expect(book.rating).toBeGreaterThanOrEqual(0);
      expect(book.rating).toBeLessThanOrEqual(5);
      // In the database's cover store, as every instance sees it.
      expect(book.imageUrl).toMatch(/^\/covers\/[0-9a-f]{64}\.webp$/);
      const store = new DatabaseCoverStore(testDb.handle.db);
      const key = coverKeyFromUrl(book.imageUrl)!;
      const stored = await store.get(key);
      expect(await sharp(stored!.bytes).metadata()).toMatchObject({ format: "webp", width: 600, height: 800 });
      // With its smaller copies for srcset (decision 18).
      for (const width of [360, 480]) {
        const copy = await store.get(`${key}-${width}w`);
        expect(await sharp(copy!.bytes).metadata()).toMatchObject({ format: "webp", width });
      }
    }

    const order = await readOrder(testDb.handle.db, "ORD-2025-001");
    expect(order.status).toBe("Shipped");
    const items = await testDb.handle.db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", order.id)
      .execute();
    expect(order.total_cents).toBe(items.reduce((sum, i) => sum + i.unit_price_cents * i.quantity, 0));
    const history = await testDb.handle.db
      .selectFrom("order_status_history")
      .select(["status", "location"])
      .where("order_id", "=", order.id)
      .orderBy("occurred_at")
      .execute();
    expect(history.map((h) => h.status)).toEqual(["Order Placed", "Packed", "Shipped", "In Transit"]);

    const settings = await getPublicStoreSettings({ db: testDb.handle.db });
    expect(settings).toMatchObject({
      storeName: "Little Scrolls Press",
      contactEmail: "hello@littlescrolls.example",
      currency: "USD",
      maintenanceMode: false,
    });
    expect(settings.shippingMethods.map((m) => [m.name, m.rateCents])).toEqual([
      ["Standard Shipping", 500],
      ["Express Shipping", 1500],
    ]);
  });

  it("seeds the catalogue and settings without the sample orders when not asked for them", async () => {
    setTestDb(await createTestDatabase(engine));
    const result = await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: false });
    expect(result).toEqual({ seeded: true, books: SEED_BOOKS.length, orders: 0 });
    expect(await counts(testDb)).toMatchObject({
      books: SEED_BOOKS.length,
      orders: 0,
      items: 0,
      history: 0,
      settings: 1,
      shipping: 2,
    });
  });

  it("is idempotent: a second run changes nothing", async () => {
    setTestDb(await createTestDatabase(engine));
    await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
    const before = await counts(testDb);
    expect(await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true })).toEqual({
      seeded: false,
      books: 0,
      orders: 0,
    });
    expect(await counts(testDb)).toEqual(before);
  });

  it("never re-seeds a store whose books were all deleted", async () => {
    setTestDb(await createTestDatabase(engine));
    await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
    await testDb.handle.db.deleteFrom("books").execute();
    await seedDatabase({ db: testDb.handle.db, clock: () => new Date() }, { sampleOrders: true });
    expect((await counts(testDb)).books).toBe(0);
  });
});
