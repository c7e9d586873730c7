import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { insertTestBundle } from "#tests/support/test-bundles.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { newOrderId } from "./order-id.ts";
import { releaseOrderStock, retakeOrderStock, takeStock } from "./stock.ts";

describe.each(TEST_ENGINES)("stock on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function withBook(stock: number | null) {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const id = await insertTestBook(db, { stock });
    return { db, id };
  }

  const stockOf = (id: string) =>
    testDb.handle.db.selectFrom("books").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
  const stocks = async (...ids: string[]) => Promise.all(ids.map(async (id) => (await stockOf(id)).stock));

  /** A class set of 12 × A + 1 × B, A and B with the stock given. */
  async function withClassSet(stockA: number | null, stockB: number | null) {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const a = await insertTestBook(db, { title: "A", stock: stockA });
    const b = await insertTestBook(db, { title: "B", stock: stockB });
    const set = await insertTestBundle(db, {
      parts: [
        { bookId: a, quantity: 12 },
        { bookId: b, quantity: 1 },
      ],
    });
    return { db, a, b, set };
  }

  async function orderHolding(bookId: string, quantity: number) {
    const db = testDb.handle.db;
    const orderId = newOrderId();
    const now = new Date().toISOString();
    await db
      .insertInto("orders")
      .values({
        id: orderId,
        order_date: now,
        customer_email: "buyer@example.com",
        total_cents: 1000 * quantity,
        status: "Pending",
        estimated_delivery: null,
        updated_at: now,
        user_id: null,
        stock_taken: true,
      })
      .execute();
    await db
      .insertInto("order_items")
      .values({
        id: randomUUID(),
        order_id: orderId,
        book_id: bookId,
        title: "Test Book",
        unit_price_cents: 1000,
        quantity,
        position: 0,
      })
      .execute();
    return orderId;
  }

  it("takes stock only while enough is left, and leaves untracked items alone", async () => {
    const { db, id } = await withBook(3);
    expect(await db.transaction().execute((trx) => takeStock(trx, [{ kind: "book", id, quantity: 2 }]))).toEqual([]);
    expect((await stockOf(id)).stock).toBe(1);
    const short = await db.transaction().execute((trx) => takeStock(trx, [{ kind: "book", id, quantity: 2 }]));
    expect(short).toEqual([{ kind: "book", id, quantity: 2 }]);
    expect((await stockOf(id)).stock).toBe(1);

    await db.updateTable("books").set({ stock: null }).where("id", "=", id).execute();
    expect(await db.transaction().execute((trx) => takeStock(trx, [{ kind: "book", id, quantity: 50 }]))).toEqual([]);
    expect((await stockOf(id)).stock).toBeNull();
  });

  it("reports a deleted item as short", async () => {
    const { db } = await withBook(1);
    const gone = { kind: "book" as const, id: randomUUID(), quantity: 1 };
    expect(await db.transaction().execute((trx) => takeStock(trx, [gone]))).toEqual([gone]);
  });

  it("takes a bundle's parts, count × sets of each, and records them for the order", async () => {
    const { db, a, b, set } = await withClassSet(30, 5);
    const orderId = await orderHolding(b, 1);
    const line = { kind: "bundle" as const, id: set, quantity: 2 };
    expect(await db.transaction().execute((trx) => takeStock(trx, [line], { orderId }))).toEqual([]);
    expect(await stocks(a, b)).toEqual([6, 3]);
    const recorded = await db
      .selectFrom("order_bundle_units")
      .select(["book_id", "quantity"])
      .where("order_id", "=", orderId)
      .orderBy("quantity")
      .execute();
    expect(recorded).toEqual([
      { book_id: b, quantity: 2 },
      { book_id: a, quantity: 24 },
    ]);
    // A third set needs 36 of A: the set is short and nothing more is taken of B either.
    expect(await db.transaction().execute((trx) => takeStock(trx, [{ ...line, quantity: 1 }]))).toEqual([
      { ...line, quantity: 1 },
    ]);
  });

  it("makes a bundle line and a book line of one title fit together", async () => {
    const { db, a, set } = await withClassSet(30, 5);
    const lines = [
      { kind: "bundle" as const, id: set, quantity: 2 },
      { kind: "book" as const, id: a, quantity: 7 },
    ];
    // 24 + 7 = 31 of A, 30 on the shelf: both lines are short.
    expect(await db.transaction().execute((trx) => takeStock(trx, lines))).toEqual(lines);
    expect(await db.transaction().execute((trx) => takeStock(trx, [lines[0]!, { ...lines[1]!, quantity: 6 }]))).toEqual(
      [],
    );
    expect((await stockOf(a)).stock).toBe(0);
  });

  it("refuses a bundle whose part was deleted, or that is gone: unavailable, never sold short", async () => {
    const { db, a, b, set } = await withClassSet(30, null);
    await db.deleteFrom("books").where("id", "=", b).execute();
    const line = { kind: "bundle" as const, id: set, quantity: 1 };
    expect(await db.transaction().execute((trx) => takeStock(trx, [line]))).toEqual([line]);
    expect((await stockOf(a)).stock).toBe(30);
    const gone = { kind: "bundle" as const, id: "pkg-gone", quantity: 1 };
    expect(await db.transaction().execute((trx) => takeStock(trx, [gone]))).toEqual([gone]);
  });

  it("gives back the books a bundle line took, as recorded, even after the bundle changed", async () => {
    const { db, a, b, set } = await withClassSet(30, 5);
    const orderId = await orderHolding(b, 1);
    await db.transaction().execute((trx) => takeStock(trx, [{ kind: "bundle", id: set, quantity: 1 }], { orderId }));
    await db.updateTable("books").set({ stock: 3 }).where("id", "=", b).execute();
    expect(await stocks(a, b)).toEqual([18, 3]);
    // The set now holds 1 × A: the order still gives back the 12 it took, and its own line of B.
    await db.updateTable("bundle_books").set({ quantity: 1 }).where("bundle_id", "=", set).execute();
    expect(await db.transaction().execute((trx) => releaseOrderStock(trx, orderId))).toBe(true);
    expect(await stocks(a, b)).toEqual([30, 5]);
    expect(await db.transaction().execute((trx) => retakeOrderStock(trx, orderId))).toBe(true);
    expect(await stocks(a, b)).toEqual([18, 3]);
  });

  it("sums repeated lines of one item before checking the stock", async () => {
    const { db, id } = await withBook(3);
    const lines = [
      { kind: "book" as const, id, quantity: 2 },
      { kind: "book" as const, id, quantity: 2 },
    ];
    expect(await db.transaction().execute((trx) => takeStock(trx, lines))).toEqual(lines);
    expect((await stockOf(id)).stock).toBe(3);
  });

  it("gives an order's stock back exactly once", async () => {
    const { db, id } = await withBook(0);
    const orderId = await orderHolding(id, 2);
    expect(await db.transaction().execute((trx) => releaseOrderStock(trx, orderId))).toBe(true);
    expect(await db.transaction().execute((trx) => releaseOrderStock(trx, orderId))).toBe(false);
    expect((await stockOf(id)).stock).toBe(2);
  });

  it("takes a released order's stock again only when all of it is there", async () => {
    const { db, id } = await withBook(0);
    const orderId = await orderHolding(id, 2);
    await db.transaction().execute((trx) => releaseOrderStock(trx, orderId));
    await db.updateTable("books").set({ stock: 1 }).where("id", "=", id).execute();
    expect(await db.transaction().execute((trx) => retakeOrderStock(trx, orderId))).toBe(false);
    expect((await stockOf(id)).stock).toBe(1);
    await db.updateTable("books").set({ stock: 5 }).where("id", "=", id).execute();
    expect(await db.transaction().execute((trx) => retakeOrderStock(trx, orderId))).toBe(true);
    expect((await stockOf(id)).stock).toBe(3);
    const order = await db
      .selectFrom("orders")
      .select("stock_taken")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(Boolean(order.stock_taken)).toBe(true);
  });

  it("makes order ids that are unguessable and tell orders apart in their first characters", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newOrderId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{12}$/);
  });
});
