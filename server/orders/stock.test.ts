import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { newOrderId } from "./order-id.ts";
import { releaseOrderStock, retakeOrderStock, takeStock } from "./stock.ts";

describe.each(TEST_ENGINES)("stock on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  async function withBook(stock: number | null) {
    testDb = await createTestDatabase(engine);
    const db = testDb.handle.db;
    const id = await insertTestBook(db, { stock });
    return { db, id };
  }

  const stockOf = (id: string) =>
    testDb.handle.db.selectFrom("books").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
  const bundleStock = (id: string) =>
    testDb.handle.db.selectFrom("bundles").select("stock").where("id", "=", id).executeTakeFirstOrThrow();

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

  it("reports a deleted item as short and takes bundle stock like book stock", async () => {
    const { db } = await withBook(1);
    const gone = { kind: "book" as const, id: randomUUID(), quantity: 1 };
    expect(await db.transaction().execute((trx) => takeStock(trx, [gone]))).toEqual([gone]);
    expect((await bundleStock("pkg-prophet")).stock).toBe(10);
    await db.transaction().execute((trx) => takeStock(trx, [{ kind: "bundle", id: "pkg-prophet", quantity: 4 }]));
    expect((await bundleStock("pkg-prophet")).stock).toBe(6);
  });

  it("sums repeated lines of one item before checking the stock", async () => {
    const { db, id } = await withBook(3);
    const lines = [
      { kind: "book" as const, id, quantity: 2 },
      { kind: "book" as const, id, quantity: 2 },
    ];
    expect(await db.transaction().execute((trx) => takeStock(trx, lines))).toEqual([{ kind: "book", id, quantity: 4 }]);
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
