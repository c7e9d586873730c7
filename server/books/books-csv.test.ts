import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { parse } from "csv-parse/sync";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { BOOKS_CSV_HEADER, booksCsvFileName, booksCsvStream } from "./books-csv.ts";

describe("books csv file name", () => {
  it("names the file after the day", () => {
    expect(booksCsvFileName(new Date("2025-07-03T12:00:00Z"))).toBe("books-2025-07-03.csv");
  });
});

describe.each(TEST_ENGINES)("booksCsvStream on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("writes every book, oldest first, with each field as the book form shows it", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertTestBook(db, { title: `Book ${i}`, stock: i === 1 ? null : i, priceCents: 1205 + i });
      await db
        .updateTable("books")
        .set({ created_at: `2025-01-0${i + 1}T00:00:00.000Z` })
        .where("id", "=", id)
        .execute();
      ids.push(id);
    }
    await db
      .updateTable("books")
      .set({
        original_price_cents: 1500,
        badge: "New",
        rating: 4.5,
        reviews: 3,
        age_range: "Ages 4-8",
        age_min: 4,
        age_max: 7,
        tags: JSON.stringify(["Easter", "New Testament"]),
        image_url: "/uploads/covers/a.webp",
      })
      .where("id", "=", ids[0]!)
      .execute();
    const text = await new Response(booksCsvStream({ db }, { pageSize: 2 })).text();
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual([...BOOKS_CSV_HEADER]);
    expect(header).toEqual([
      "id",
      "slug",
      "title",
      "author",
      "description",
      "price",
      "original_price",
      "badge",
      "rating",
      "reviews",
      "age_range",
      "age_min",
      "age_max",
      "stock",
      "tags",
      "stock_at_export",
      "fields_at_export",
      "cover_url",
      "created_at",
    ]);
    expect(rows.map((row) => row[0])).toEqual(ids);
    expect(rows[0]).toEqual([
      ids[0],
      `test-book-${ids[0]}`,
      "Book 0",
      "Test Author",
      "A book for tests.",
      "12.05",
      "15.00",
      "New",
      "4.5",
      "3",
      "Ages 4-8",
      "4",
      "7",
      "0",
      "Easter, New Testament",
      "0",
      // A fingerprint that starts with "-" leaves behind the formula guard's quote (csvField).
      expect.stringMatching(/^(?:\w[\w-]{21}|'-[\w-]{21})$/),
      "/uploads/covers/a.webp",
      "2025-01-01T00:00:00.000Z",
    ]);
    // Empty optional fields stay empty: no stock tracked is not "0".
    expect(rows[1]!.slice(5, 16)).toEqual(["12.06", "", "", "", "", "", "", "", "", "", ""]);
  });
});
