import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { deleteBook } from "./delete-book.ts";
import { createBook } from "./save-book.ts";
import { createBookWithCover } from "./save-book-with-cover.ts";

describe.each(TEST_ENGINES)("deleteBook on %s", (engine) => {
  let testDb: TestDatabase;
  let uploadsDir: string;
  beforeEach(async () => {
    testDb = await createTestDatabase(engine);
    uploadsDir = path.join(testDb.dataDir, "uploads");
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  it("keeps the lines of past orders and removes the cover file", async () => {
    const db = testDb.handle.db;
    await seedDatabase(db, { uploadsDir });
    const line = await db
      .selectFrom("order_items")
      .innerJoin("books", "books.id", "order_items.book_id")
      .select([
        "order_items.id as lineId",
        "order_items.title",
        "order_items.unit_price_cents",
        "order_items.quantity",
        "books.id as bookId",
        "books.image_url",
      ])
      .where("order_items.order_id", "=", "ORD-2025-001")
      .orderBy("order_items.position")
      .executeTakeFirstOrThrow();
    const coverPath = path.join(uploadsDir, "covers", path.basename(line.image_url!));
    expect(existsSync(coverPath)).toBe(true);
    const order = await db.selectFrom("orders").selectAll().where("id", "=", "ORD-2025-001").executeTakeFirstOrThrow();
    const booksBefore = await db.selectFrom("books").select("id").execute();

    const deleted = await deleteBook(db, uploadsDir, line.bookId);

    expect(deleted).toMatchObject({ id: line.bookId, title: line.title });
    expect(await db.selectFrom("books").select("id").where("id", "=", line.bookId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("books").select("id").execute()).toHaveLength(booksBefore.length - 1);
    expect(
      await db.selectFrom("order_items").selectAll().where("id", "=", line.lineId).executeTakeFirstOrThrow(),
    ).toMatchObject({
      book_id: null,
      title: line.title,
      unit_price_cents: line.unit_price_cents,
      quantity: line.quantity,
    });
    const orderAfter = await db.selectFrom("orders").selectAll().where("id", "=", "ORD-2025-001").executeTakeFirst();
    expect(orderAfter).toEqual(order);
    expect(existsSync(coverPath)).toBe(false);
  });

  it("removes an uploaded cover with its book", async () => {
    const db = testDb.handle.db;
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const form = { title: "Jonah", author: "Ruth Reed", description: "A fish.", price: "5" };
    const { id, imageUrl } = await createBookWithCover(db, uploadsDir, form, png);
    const file = path.join(uploadsDir, "covers", path.basename(imageUrl!));
    expect(existsSync(file)).toBe(true);
    await deleteBook(db, uploadsDir, id);
    expect(existsSync(file)).toBe(false);
  });

  it("deletes a book without a cover, and refuses unknown ids", async () => {
    const db = testDb.handle.db;
    const book = await createBook(db, { title: "Jonah", author: "Ruth Reed", description: "A fish.", price: "5" });
    await deleteBook(db, uploadsDir, book.id);
    for (const id of [book.id, "no-such-book"]) {
      await expect(deleteBook(db, uploadsDir, id)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "Book not found.",
      });
    }
  });

  it("leaves a cover file that another book still shows", async () => {
    const db = testDb.handle.db;
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const form = { title: "Jonah", author: "Ruth Reed", description: "A fish.", price: "5" };
    const first = await createBookWithCover(db, uploadsDir, form, png);
    const second = await createBook(db, { title: "Ruth", author: "Ruth Reed", description: "A field.", price: "5" });
    await db.updateTable("books").set({ image_url: first.imageUrl }).where("id", "=", second.id).execute();
    await deleteBook(db, uploadsDir, first.id);
    expect(existsSync(path.join(uploadsDir, "covers", path.basename(first.imageUrl!)))).toBe(true);
  });
});
