import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { coverKeyFromUrl } from "#server/covers/cover-store.ts";
import { coverDeps, storedCoverKeys, storedCoverVariantKeys, type CoverTestDeps } from "#tests/support/cover-deps.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import type { BookFormValues } from "#common/books/book-schema.ts";
import { COVER_FIELD, COVER_IMAGE_ERROR } from "#common/books/cover-limits.ts";
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
  ageMin: "",
  ageMax: "",
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
  let deps: CoverTestDeps;
  beforeEach(async () => {
    testDb = await createTestDatabase(engine);
    deps = coverDeps(testDb);
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  const coverKeys = () => storedCoverKeys(testDb);
  const bookCount = async () => (await testDb.handle.db.selectFrom("books").select("id").execute()).length;

  it("creates a book pointing at its stored cover, with its smaller copies, or without one", async () => {
    const db = testDb.handle.db;
    const book = await createBookWithCover(deps, { form, cover: await png(1600, 1200) });
    expect(book.imageUrl).toMatch(/^\/covers\/[0-9a-f]{64}\.webp$/);
    const key = coverKeyFromUrl(book.imageUrl)!;
    expect(await coverKeys()).toEqual([key]);
    expect(await storedCoverVariantKeys(testDb)).toEqual([`${key}-360w`, `${key}-480w`]);
    const stored = await deps.covers.get(key);
    expect(await sharp(stored!.bytes).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });
    const small = await deps.covers.get(`${key}-360w`);
    expect(await sharp(small!.bytes).metadata()).toMatchObject({ format: "webp", width: 360, height: 270 });
    const medium = await deps.covers.get(`${key}-480w`);
    expect(await sharp(medium!.bytes).metadata()).toMatchObject({ format: "webp", width: 480, height: 360 });
    expect(small!.bytes.byteLength).toBeLessThan(medium!.bytes.byteLength);
    const row = await db.selectFrom("books").selectAll().where("id", "=", book.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ image_url: book.imageUrl, price_cents: 1250, rating: 4.5, stock: null, badge: null });

    const plain = await createBookWithCover(deps, { form: { ...form, title: "Daniel" }, cover: null });
    expect(plain.imageUrl).toBeNull();
  });

  it("saves nothing for a refused image, reporting it under the cover field", async () => {
    await expect(createBookWithCover(deps, { form, cover: notAnImage })).rejects.toMatchObject({
      code: "VALIDATION",
      message: COVER_IMAGE_ERROR,
      fieldErrors: { [COVER_FIELD]: COVER_IMAGE_ERROR },
    });
    expect(await bookCount()).toBe(0);
    expect(await coverKeys()).toEqual([]);
  });

  it("checks the fields before touching the image", async () => {
    await expect(
      createBookWithCover(deps, { form: { ...form, title: "", rating: "6" }, cover: await png(10, 10) }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { title: "Title is required.", rating: expect.any(String) },
    });
    expect(await bookCount()).toBe(0);
    expect(await coverKeys()).toEqual([]);
  });

  it("stores no cover when the row cannot be written", async () => {
    const db = testDb.handle.db;
    // The write fails (the table is gone) after the image was stored, in the same transaction.
    await db.schema.alterTable("books").renameTo("books_away").execute();
    await expect(createBookWithCover(deps, { form, cover: await png(20, 20) })).rejects.toThrow();
    expect(await coverKeys()).toEqual([]);
    expect(await storedCoverVariantKeys(testDb)).toEqual([]);
  });

  it("updates the fields and replaces the cover, removing the old image", async () => {
    const book = await createBookWithCover(deps, { form, cover: await png(300, 400) });
    const oldUrl = book.imageUrl!;
    const updated = await updateBookWithCover(deps, {
      id: book.id,
      form: { ...form, price: "9.99" },
      cover: await png(500, 500),
    });
    expect(updated).toMatchObject({ id: book.id, priceCents: 999 });
    expect(updated.imageUrl).not.toBe(oldUrl);
    const key = coverKeyFromUrl(updated.imageUrl)!;
    expect(await coverKeys()).toEqual([key]);
    // The old cover's smaller copies went with it.
    expect(await storedCoverVariantKeys(testDb)).toEqual([`${key}-360w`, `${key}-480w`]);

    // The same picture again: same key, kept.
    await updateBookWithCover(deps, { id: book.id, form, cover: await png(500, 500) });
    expect(await coverKeys()).toEqual([coverKeyFromUrl(updated.imageUrl)]);

    // Without a new file the cover stays.
    const again = await updateBookWithCover(deps, { id: book.id, form: { ...form, price: "8.00" }, cover: null });
    expect(again).toMatchObject({ priceCents: 800, imageUrl: updated.imageUrl });
  });

  it("gives two books renamed to one title at the same moment, each with a new cover, slugs of their own", async () => {
    const first = await createBookWithCover(deps, { form: { ...form, title: "Ruth" }, cover: await png(300, 400) });
    const second = await createBookWithCover(deps, { form: { ...form, title: "Esther" }, cover: await png(300, 401) });
    const [a, b] = await Promise.all([png(500, 500), png(500, 501)]);
    const renamed = await Promise.all([
      updateBookWithCover(deps, { id: first.id, form: { ...form, title: "Daniel in the Den" }, cover: a }),
      updateBookWithCover(deps, { id: second.id, form: { ...form, title: "Daniel in the Den" }, cover: b }),
    ]);
    expect(renamed.map((book) => book.slug).sort()).toEqual(["daniel-in-the-den", "daniel-in-the-den-2"]);
    const rows = await testDb.handle.db.selectFrom("books").select(["slug", "image_url"]).orderBy("slug").execute();
    expect(rows.map((row) => row.slug)).toEqual(["daniel-in-the-den", "daniel-in-the-den-2"]);
    expect(rows.map((row) => row.image_url).sort()).toEqual(renamed.map((book) => book.imageUrl).sort());
  });

  it("changes nothing when the new cover or a field is refused, or the book is gone", async () => {
    const db = testDb.handle.db;
    const book = await createBookWithCover(deps, { form, cover: await png(300, 400) });
    const before = await db.selectFrom("books").selectAll().where("id", "=", book.id).executeTakeFirstOrThrow();

    await expect(
      updateBookWithCover(deps, { id: book.id, form: { ...form, price: "1.00" }, cover: notAnImage }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { [COVER_FIELD]: COVER_IMAGE_ERROR } });
    await expect(
      updateBookWithCover(deps, { id: book.id, form: { ...form, price: "-1" }, cover: await png(10, 10) }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { price: expect.any(String) } });
    await expect(
      updateBookWithCover(deps, { id: "no-such-book", form, cover: await png(10, 10) }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    expect(await db.selectFrom("books").selectAll().where("id", "=", book.id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
    expect(await coverKeys()).toEqual([coverKeyFromUrl(book.imageUrl)]);
  });
});
