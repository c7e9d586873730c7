import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import type { BookFormValues } from "./book-schema.ts";
import { COVER_FIELD, COVER_IMAGE_ERROR } from "./cover-schema.ts";
import { createBookWithCover, updateBookWithCover } from "./save-book-with-cover.ts";

const form: BookFormValues = {
  title: "Jonah and the Great Fish",
  author: "Miriam Hale",
  description: "Three days and three nights.",
  price: "12.50",
  originalPrice: "",
  badge: "",
  rating: "4.5",
  reviews: "",
  ageRange: "",
  stock: "",
  tags: "",
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a6ea5" } })
    .png()
    .toBuffer();

const notAnImage = new TextEncoder().encode("this is not a picture, only words");

describe.each(TEST_ENGINES)("saving a book with its cover on %s", (engine) => {
  let testDb: TestDatabase;
  let uploadsDir: string;
  beforeEach(async () => {
    testDb = await createTestDatabase(engine);
    uploadsDir = path.join(testDb.dataDir, "uploads");
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  const coverFiles = () => {
    const dir = path.join(uploadsDir, "covers");
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const bookCount = async () => (await testDb.handle.db.selectFrom("books").select("id").execute()).length;

  it("creates a book pointing at its stored cover, or without one", async () => {
    const db = testDb.handle.db;
    const book = await createBookWithCover(db, uploadsDir, form, await png(1600, 1200));
    expect(book.imageUrl).toMatch(/^\/uploads\/covers\/[0-9a-f]{32}\.webp$/);
    expect(coverFiles()).toEqual([path.basename(book.imageUrl!)]);
    const row = await db.selectFrom("books").selectAll().where("id", "=", book.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ image_url: book.imageUrl, price_cents: 1250, rating: 4.5, stock: null, badge: null });

    const plain = await createBookWithCover(db, uploadsDir, { ...form, title: "Daniel" }, null);
    expect(plain.imageUrl).toBeNull();
  });

  it("saves nothing for a refused image, reporting it under the cover field", async () => {
    await expect(createBookWithCover(testDb.handle.db, uploadsDir, form, notAnImage)).rejects.toMatchObject({
      code: "VALIDATION",
      message: COVER_IMAGE_ERROR,
      fieldErrors: { [COVER_FIELD]: COVER_IMAGE_ERROR },
    });
    expect(await bookCount()).toBe(0);
    expect(coverFiles()).toEqual([]);
  });

  it("checks the fields before touching the image", async () => {
    await expect(
      createBookWithCover(testDb.handle.db, uploadsDir, { ...form, title: "", rating: "6" }, await png(10, 10)),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { title: "Title is required.", rating: expect.any(String) },
    });
    expect(await bookCount()).toBe(0);
    expect(coverFiles()).toEqual([]);
  });

  it("removes the stored file when the row cannot be written", async () => {
    const db = testDb.handle.db;
    // The write fails (the table is gone) after the image was stored.
    await db.schema.alterTable("books").renameTo("books_away").execute();
    await expect(createBookWithCover(db, uploadsDir, form, await png(20, 20))).rejects.toThrow();
    expect(coverFiles()).toEqual([]);
  });

  it("updates the fields and replaces the cover, removing the old file", async () => {
    const db = testDb.handle.db;
    const book = await createBookWithCover(db, uploadsDir, form, await png(300, 400));
    const oldUrl = book.imageUrl!;
    const updated = await updateBookWithCover(db, uploadsDir, book.id, { ...form, price: "9.99" }, await png(500, 500));
    expect(updated).toMatchObject({ id: book.id, priceCents: 999 });
    expect(updated.imageUrl).not.toBe(oldUrl);
    expect(coverFiles()).toEqual([path.basename(updated.imageUrl!)]);

    // Without a new file the cover stays.
    const again = await updateBookWithCover(db, uploadsDir, book.id, { ...form, price: "8.00" }, null);
    expect(again).toMatchObject({ priceCents: 800, imageUrl: updated.imageUrl });
  });

  it("changes nothing when the new cover or a field is refused, or the book is gone", async () => {
    const db = testDb.handle.db;
    const book = await createBookWithCover(db, uploadsDir, form, await png(300, 400));
    const before = await db.selectFrom("books").selectAll().where("id", "=", book.id).executeTakeFirstOrThrow();

    await expect(
      updateBookWithCover(db, uploadsDir, book.id, { ...form, price: "1.00" }, notAnImage),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { [COVER_FIELD]: COVER_IMAGE_ERROR } });
    await expect(
      updateBookWithCover(db, uploadsDir, book.id, { ...form, price: "-1" }, await png(10, 10)),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { price: expect.any(String) } });
    await expect(updateBookWithCover(db, uploadsDir, "no-such-book", form, await png(10, 10))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    expect(await db.selectFrom("books").selectAll().where("id", "=", book.id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect(coverFiles()).toEqual([path.basename(book.imageUrl!)]);
  });
});
