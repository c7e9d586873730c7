import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { BookFormValues } from "#common/books/book-schema.ts";
import { getBookBySlug } from "./get-book.ts";
import { createBook, updateBook } from "./save-book.ts";

const form: BookFormValues = {
  title: "Noah's Ark and the Promise",
  author: "Miriam Hale",
  description: "Two by two they came.",
  price: "14.99",
  originalPrice: "19.99",
  badge: "Bestseller",
  rating: "4.8",
  reviews: "120",
  ageRange: "3-8",
  ageMin: "",
  ageMax: "",
  stock: "25",
  tags: "",
};

describe.each(TEST_ENGINES)("saving books on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  const services = () => ({ db: testDb.handle.db, clock: () => new Date() });
  const storedRow = (id: string) =>
    testDb.handle.db.selectFrom("books").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("creates a book with every field, in cents, with times in UTC", async () => {
    setTestDb(await createTestDatabase(engine));
    const now = new Date("2026-03-01T10:00:00.000Z");
    const book = await createBook({ db: testDb.handle.db, clock: () => now }, { form });
    expect(book).toMatchObject({
      slug: "noahs-ark-and-the-promise",
      title: "Noah's Ark and the Promise",
      priceCents: 1499,
      originalPriceCents: 1999,
      badge: "Bestseller",
      rating: 4.8,
      reviews: 120,
      ageRange: "3-8",
      // Left empty in the form: read from the age range.
      ageMin: 3,
      ageMax: 8,
      stock: 25,
      imageUrl: null,
      createdAt: now.toISOString(),
    });
    expect(await getBookBySlug({ db: testDb.handle.db }, { slug: book.slug })).toEqual(book);
    expect(await storedRow(book.id)).toMatchObject({
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      price_cents: 1499,
      age_min: 3,
      age_max: 8,
    });
  });

  it("stores the ages typed in the form over the age range's, and refuses a range upside down", async () => {
    setTestDb(await createTestDatabase(engine));
    const book = await createBook(services(), { form: { ...form, ageRange: "Ages 3-8", ageMin: "4", ageMax: "6" } });
    expect(await storedRow(book.id)).toMatchObject({ age_range: "Ages 3-8", age_min: 4, age_max: 6 });
    const refused = await updateBook(services(), {
      id: book.id,
      form: { ...form, ageMin: "9", ageMax: "5" },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).fieldErrors).toEqual({ ageMax: "Oldest age must be at least the youngest age." });
    expect(await storedRow(book.id)).toMatchObject({ age_min: 4, age_max: 6 });
  });

  it("stores empty optional fields as null", async () => {
    setTestDb(await createTestDatabase(engine));
    const book = await createBook(services(), {
      form: {
        ...form,
        originalPrice: "",
        badge: " ",
        rating: "",
        reviews: "",
        ageRange: "",
        stock: "",
      },
    });
    expect(await storedRow(book.id)).toMatchObject({
      original_price_cents: null,
      badge: null,
      rating: null,
      reviews: null,
      age_range: null,
      age_min: null,
      age_max: null,
      stock: null,
    });
  });

  it("refuses invalid input with a message per field and writes nothing", async () => {
    setTestDb(await createTestDatabase(engine));
    const invalid = { ...form, title: "  ", price: "14.999", rating: "5.5", stock: "1.5" };
    const attempt = createBook(services(), { form: invalid });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      code: "VALIDATION",
      message: "Title is required.",
      fieldErrors: {
        title: "Title is required.",
        price: "Price must be a number of at least 0 with no more than 2 decimals.",
        rating: "Rating must be a number from 0 to 5 with no more than 1 decimal.",
        stock: "Stock must be a whole number of at least 0.",
      },
    });
    expect(await testDb.handle.db.selectFrom("books").select("id").execute()).toEqual([]);
  });

  it("gives books with the same title unique slugs", async () => {
    setTestDb(await createTestDatabase(engine));
    const slugs = [];
    for (const title of ["Noah's Ark", "Noahs Ark", "NOAH'S ARK!", "Noah’s Ark"]) {
      slugs.push((await createBook(services(), { form: { ...form, title } })).slug);
    }
    expect(slugs).toEqual(["noahs-ark", "noahs-ark-2", "noahs-ark-3", "noahs-ark-4"]);
    // A title that already ends in a number is only a base like any other.
    expect((await createBook(services(), { form: { ...form, title: "Noahs Ark 2" } })).slug).toBe("noahs-ark-2-2");
  });

  it("gives two books of one title added at the same moment, each in its own transaction, slugs of their own", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    // As createBookWithCover adds a book with a cover: inside a transaction, which on PostgreSQL a
    // unique violation would end.
    const books = await Promise.all(
      [1, 2, 3].map(() =>
        db.transaction().execute((trx) => createBook({ db: trx, clock: () => new Date() }, { form })),
      ),
    );
    expect(books.map((book) => book.slug).sort()).toEqual([
      "noahs-ark-and-the-promise",
      "noahs-ark-and-the-promise-2",
      "noahs-ark-and-the-promise-3",
    ]);
  });

  it("adds one book for a save sent again, or twice at once, under the id the dialog made", async () => {
    setTestDb(await createTestDatabase(engine));
    const newBookId = "0b6f1a52-3c1e-4d7e-9a44-2f0c8e1d5b7a";
    const first = await createBook(services(), { form: { ...form, newBookId } });
    expect(first.id).toBe(newBookId);
    const again = await createBook(services(), { form: { ...form, newBookId } });
    expect(again).toEqual(first);
    const twinId = "7d3c2b1a-9e8f-4a6b-8c5d-1e2f3a4b5c6d";
    const twins = await Promise.all([
      createBook(services(), { form: { ...form, newBookId: twinId } }),
      createBook(services(), { form: { ...form, newBookId: twinId } }),
    ]);
    expect(twins[0].id).toBe(twinId);
    expect(twins[1].id).toBe(twinId);
    const rows = await testDb.handle.db.selectFrom("books").select(["id", "slug"]).orderBy("slug").execute();
    expect(rows.map((row) => row.id).sort()).toEqual([newBookId, twinId].sort());
    // An odd id is not used: the book gets one of the server's own.
    const other = await createBook(services(), { form: { ...form, newBookId: "../../etc" } });
    expect(other.id).not.toBe("../../etc");
  });

  it("leaves the stock orders took while the form was open, and writes a changed Stock only over what the form showed", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const book = await createBook(services(), { form: { ...form, stock: "10" } });
    const sell = (copies: number) =>
      db
        .updateTable("books")
        .set((eb) => ({ stock: eb("stock", "-", copies) }))
        .where("id", "=", book.id)
        .execute();
    // The form opened at 10; a customer buys 3; the admin saves a typo fix, Stock untouched.
    await sell(3);
    const fixed = await updateBook(services(), {
      id: book.id,
      form: { ...form, description: "Two by two.", stock: "10", stockShown: "10" },
    });
    expect(fixed.stock).toBe(7);
    expect(await storedRow(book.id)).toMatchObject({ stock: 7, description: "Two by two." });

    // The admin typed 20 over the 7 they saw, but 2 more were sold meanwhile: refused, nothing written.
    await sell(2);
    const refused = await updateBook(services(), {
      id: book.id,
      form: { ...form, description: "Changed again.", stock: "20", stockShown: "7" },
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "CONFLICT", reason: "stock-changed" });
    expect((refused as AppError).fieldErrors?.stock).toContain("it is 5 now");
    expect(await storedRow(book.id)).toMatchObject({ stock: 5, description: "Two by two." });

    // Saved over the figure now shown, the new Stock is written; so is untracked stock.
    await updateBook(services(), { id: book.id, form: { ...form, stock: "20", stockShown: "5" } });
    expect((await storedRow(book.id)).stock).toBe(20);
    await updateBook(services(), { id: book.id, form: { ...form, stock: "", stockShown: "20" } });
    expect((await storedRow(book.id)).stock).toBeNull();
    await updateBook(services(), { id: book.id, form: { ...form, stock: "4", stockShown: "" } });
    expect((await storedRow(book.id)).stock).toBe(4);
  });

  it("updates every field, keeps the slug while the title stays and bumps updated_at", async () => {
    setTestDb(await createTestDatabase(engine));
    const created = await createBook(
      { db: testDb.handle.db, clock: () => new Date("2026-03-01T10:00:00.000Z") },
      { form },
    );
    await testDb.handle.db.updateTable("books").set({ image_url: "/uploads/covers/a.webp" }).execute();
    const later = new Date("2026-03-02T08:30:00.000Z");
    const updated = await updateBook(
      { db: testDb.handle.db, clock: () => later },
      {
        id: created.id,
        form: {
          ...form,
          price: "9.50",
          originalPrice: "",
          badge: "",
          rating: "0",
          reviews: "",
          ageRange: "",
          stock: "0",
        },
      },
    );
    expect(updated).toEqual({
      ...created,
      priceCents: 950,
      originalPriceCents: null,
      badge: null,
      rating: 0,
      reviews: null,
      ageRange: null,
      ageMin: null,
      ageMax: null,
      stock: 0,
      imageUrl: "/uploads/covers/a.webp",
    });
    expect(await storedRow(created.id)).toMatchObject({
      slug: created.slug,
      price_cents: 950,
      stock: 0,
      image_url: "/uploads/covers/a.webp",
      created_at: "2026-03-01T10:00:00.000Z",
      updated_at: later.toISOString(),
    });
  });

  it("gives a new title a new unique slug, and keeps a slug the new title still fits", async () => {
    setTestDb(await createTestDatabase(engine));
    const first = await createBook(services(), { form: { ...form, title: "Jonah" } });
    const second = await createBook(services(), { form: { ...form, title: "Ruth" } });
    expect((await updateBook(services(), { id: second.id, form: { ...form, title: "Jonah" } })).slug).toBe("jonah-2");
    // Same slug words, other spelling: the book keeps jonah-2 rather than moving to jonah-3.
    expect((await updateBook(services(), { id: second.id, form: { ...form, title: "JONAH" } })).slug).toBe("jonah-2");
    expect((await updateBook(services(), { id: second.id, form: { ...form, title: "Ruth and Naomi" } })).slug).toBe(
      "ruth-and-naomi",
    );
    expect((await updateBook(services(), { id: first.id, form: { ...form, title: "Jonah" } })).slug).toBe("jonah");
  });

  it("refuses an unknown id and invalid input on update", async () => {
    setTestDb(await createTestDatabase(engine));
    await expect(updateBook(services(), { id: "no-such-book", form: form })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Book not found.",
    });
    const book = await createBook(services(), { form });
    await expect(updateBook(services(), { id: book.id, form: { ...form, price: "-1" } })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { price: "Price must be a number of at least 0 with no more than 2 decimals." },
    });
    expect(await storedRow(book.id)).toMatchObject({ price_cents: 1499 });
  });

  it("stores a book's quantity price breaks, and refuses bad rows with a message, storing nothing", async () => {
    setTestDb(await createTestDatabase(engine));
    const withBreaks = {
      ...form,
      priceBreaks: [
        { minQuantity: "10", price: "13.49" },
        { minQuantity: "25", price: "11.99" },
      ],
    };
    const book = await createBook(services(), { form: withBreaks });
    const breaks = [
      { minQuantity: 10, unitPriceCents: 1349 },
      { minQuantity: 25, unitPriceCents: 1199 },
    ];
    expect(book.priceBreaks).toEqual(breaks);
    expect((await getBookBySlug(services(), { slug: book.slug }))?.priceBreaks).toEqual(breaks);

    for (const rows of [
      [
        { minQuantity: "10", price: "13.49" },
        { minQuantity: "5", price: "11.99" },
      ],
      [{ minQuantity: "10", price: "14.99" }],
      [
        { minQuantity: "10", price: "11.99" },
        { minQuantity: "25", price: "13.49" },
      ],
    ]) {
      const refused = await updateBook(services(), { id: book.id, form: { ...form, priceBreaks: rows } }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("VALIDATION");
      expect(JSON.parse((await storedRow(book.id)).price_breaks)).toEqual(breaks);
    }

    // No rows: no breaks.
    await updateBook(services(), { id: book.id, form });
    expect((await storedRow(book.id)).price_breaks).toBe("[]");
  });
});
