import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import type { NewBook } from "#server/db/schema.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { listBooksPage } from "./list-books-page.ts";

const START = Date.parse("2026-01-01T00:00:00.000Z");

function book(index: number, title: string, author = "Miriam Hale"): NewBook {
  const createdAt = new Date(START + index * 60_000).toISOString();
  return bookRow(index, {
    slug: `book-${index}`,
    title,
    author,
    description: "A story.",
    price_cents: 999,
    created_at: createdAt,
    updated_at: createdAt,
  });
}

describe.each(TEST_ENGINES)("listBooksPage on %s", (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const rows = Array.from({ length: 120 }, (_, i) => book(i, `Story ${String(i).padStart(3, "0")}`));
    rows.push(
      book(200, "100% Faith"),
      book(201, "Faith Without Works", "Jonah Reed"),
      book(202, "Snake_Case and Under Scores"),
      book(203, "Back\\slash Tales"),
      book(204, "The Lamb", "Ruth FAITHFUL"),
    );
    await testDb.handle.db.insertInto("books").values(rows).execute();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  const titles = (page: { items: { title: string }[] }) => page.items.map((b) => b.title);

  it("pages newest first, 50 to a page", async () => {
    const db = testDb.handle.db;
    const [first, second, third] = await Promise.all([1, 2, 3].map((page) => listBooksPage({ db }, { page })));
    expect(first).toMatchObject({ total: 125, page: 1, pageCount: 3 });
    expect(first!.items).toHaveLength(50);
    expect(second!.items).toHaveLength(50);
    expect(third!.items).toHaveLength(25);
    const all = [...first!.items, ...second!.items, ...third!.items];
    expect(new Set(all.map((b) => b.id)).size).toBe(125);
    const dates = all.map((b) => b.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(titles(first!).slice(0, 6)).toEqual([
      "The Lamb",
      "Back\\slash Tales",
      "Snake_Case and Under Scores",
      "Faith Without Works",
      "100% Faith",
      "Story 119",
    ]);
    expect(titles(third!).at(-1)).toBe("Story 000");
    expect(first!.total).toBe(125);
  });

  it("clamps pages below 1 or beyond the end, and odd page sizes", async () => {
    const db = testDb.handle.db;
    for (const page of [0, -3, Number.NaN, undefined]) {
      expect(await listBooksPage({ db }, { page })).toMatchObject({ page: 1 });
    }
    const beyond = await listBooksPage({ db }, { page: 99 });
    expect(beyond).toMatchObject({ page: 3, pageCount: 3 });
    expect(beyond.items).toHaveLength(25);
    expect((await listBooksPage({ db }, { page: 2.7 })).page).toBe(2);
    const small = await listBooksPage({ db }, { page: 2, pageSize: 10 });
    expect(small).toMatchObject({ page: 2, pageCount: 13 });
    expect(small.items).toHaveLength(10);
    expect((await listBooksPage({ db }, { pageSize: 0 })).items).toHaveLength(1);
    expect((await listBooksPage({ db }, { pageSize: 10_000 })).items).toHaveLength(125);
  });

  it("searches title or author case-insensitively", async () => {
    const db = testDb.handle.db;
    const found = await listBooksPage({ db }, { search: "  fAiTh " });
    expect(titles(found)).toEqual(["The Lamb", "Faith Without Works", "100% Faith"]);
    expect(found).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(titles(await listBooksPage({ db }, { search: "JONAH" }))).toEqual(["Faith Without Works"]);
    expect(titles(await listBooksPage({ db }, { search: "story 11" }))).toHaveLength(10);
    expect(await listBooksPage({ db }, { search: "nothing like this", page: 4 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("treats %, _ and \\ in the search literally", async () => {
    const db = testDb.handle.db;
    expect(titles(await listBooksPage({ db }, { search: "%" }))).toEqual(["100% Faith"]);
    expect(titles(await listBooksPage({ db }, { search: "0% f" }))).toEqual(["100% Faith"]);
    expect(titles(await listBooksPage({ db }, { search: "_" }))).toEqual(["Snake_Case and Under Scores"]);
    expect(titles(await listBooksPage({ db }, { search: "\\" }))).toEqual(["Back\\slash Tales"]);
  });
});
