import { randomUUID } from "node:crypto";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import type { NewBook } from "#server/db/schema.ts";
import { readCatalogueParams, type CatalogueParams } from "#common/books/catalogue-options.ts";
import { listCatalogueFilters } from "./list-catalogue-filters.ts";
import { listRelatedBooks } from "./list-related-books.ts";
import { searchCatalogue } from "./search-catalogue.ts";
import { editDistance, queryWords } from "./search-words.ts";

const START = Date.parse("2026-01-01T00:00:00.000Z");

function bookRow(index: number, fields: Partial<NewBook> & { tagList?: string[] }): NewBook {
  const createdAt = new Date(START + index * 60_000).toISOString();
  const { tagList = [], ...rest } = fields;
  return {
    id: randomUUID(),
    slug: `book-${index}`,
    title: `Filler Volume ${index}`,
    author: "Anna Writer",
    description: "Plain words only.",
    price_cents: 1000 + index,
    original_price_cents: null,
    image_url: null,
    badge: null,
    rating: null,
    reviews: null,
    age_range: "9-12",
    age_min: 9,
    age_max: 12,
    stock: null,
    created_at: createdAt,
    updated_at: createdAt,
    tags: JSON.stringify(tagList),
    ...rest,
  };
}

const params = (overrides: Partial<CatalogueParams> = {}): CatalogueParams => ({
  q: "",
  age: null,
  tag: "",
  sort: "newest",
  page: 1,
  ...overrides,
});

describe("query words and edit distance", () => {
  it("splits on anything but letters and digits, lower-cased, at most 8 distinct words", () => {
    expect(queryWords(`  The GOOD "samaritan"* OR -x NEAR(`, "sqlite")).toEqual([
      "the",
      "good",
      "samaritan",
      "or",
      "x",
      "near",
    ]);
    expect(queryWords("Noé noé", "sqlite")).toEqual(["noe"]);
    expect(queryWords("Noé", "postgres")).toEqual(["noé"]);
    expect(queryWords("a b c d e f g h i j", "sqlite")).toHaveLength(8);
  });

  it("counts insertions, deletions, substitutions and neighbour swaps as one edit each", () => {
    expect(editDistance("samaritian", "samaritan")).toBe(1);
    expect(editDistance("smaaritan", "samaritan")).toBe(1);
    expect(editDistance("samaritn", "samaritan")).toBe(1);
    expect(editDistance("goliath", "goliath")).toBe(0);
    expect(editDistance("daniel", "david")).toBe(3);
  });

  it("reads odd URL values as sane ones", () => {
    const read = (query: string) => readCatalogueParams(new URLSearchParams(query));
    expect(read("sort=cheapest&page=99abc")).toMatchObject({ sort: "newest", page: 1 });
    expect(read("page=-3")).toMatchObject({ page: 1 });
    expect(read("page=2.5")).toMatchObject({ page: 1 });
    expect(read("page=1e400")).toMatchObject({ page: 1 });
    expect(read(`q=${"word ".repeat(2000)}`).q.length).toBeLessThanOrEqual(100);
    expect(read("age=%20%205%20&tag=Parables&sort=price-desc&page=4")).toEqual({
      q: "",
      age: 5,
      tag: "Parables",
      sort: "price-desc",
      page: 4,
    });
  });

  it("reads a child's age from 0 to 12, an old address's age range as its youngest age, else all ages", () => {
    const age = (value: string) => readCatalogueParams(new URLSearchParams({ age: value })).age;
    expect([age("0"), age("5"), age("05"), age("12")]).toEqual([0, 5, 5, 12]);
    // Addresses of the filter by label (?age=4-8), linked from book pages before ages were numbers.
    expect([age("4-8"), age("Ages 4–8"), age("3+")]).toEqual([4, 4, 3]);
    for (const odd of ["", "13", "99", "18+", "2.5", "abc", "9".repeat(500)]) expect(age(odd), odd).toBeNull();
  });
});

describe.each(TEST_ENGINES)("the catalogue search on %s", (engine) => {
  let testDb: TestDatabase;
  const search = (overrides: Partial<CatalogueParams> = {}) =>
    searchCatalogue({ database: testDb.handle }, params(overrides));
  const titles = async (overrides: Partial<CatalogueParams> = {}) =>
    (await search(overrides)).items.map((b) => b.title);

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const rows = Array.from({ length: 50 }, (_, i) => bookRow(i, {}));
    rows.push(
      bookRow(100, {
        title: "The Good Samaritan",
        author: "Grace Whitfield",
        description: "A traveller left by the road is helped by a stranger.",
        age_range: "4-8",
        age_min: 4,
        age_max: 8,
        price_cents: 1299,
        rating: 4.6,
        tagList: ["New Testament", "Parables"],
      }),
      bookRow(101, {
        title: "The Prodigal Son Comes Home",
        author: "Samuel Brooks",
        description: "A father runs to meet the son who wasted everything.",
        age_range: "5-9",
        age_min: 5,
        age_max: 9,
        price_cents: 1499,
        rating: 4.9,
        tagList: ["New Testament", "Parables", "Forgiveness"],
      }),
      bookRow(102, {
        title: "Daniel in the Lions' Den",
        author: "Ruth Ellison",
        description: "Daniel prays three times a day, and God shuts the lions' mouths.",
        age_range: "5-9",
        age_min: 5,
        age_max: 9,
        price_cents: 899,
        rating: 4.2,
        tagList: ["Old Testament", "Prayer"],
      }),
      bookRow(103, {
        title: "The Birth of Jesus",
        author: "Grace Whitfield",
        description: "Shepherds and a manger on a starry night in Bethlehem.",
        age_range: "3-8",
        age_min: 3,
        age_max: 8,
        price_cents: 1599,
        tagList: ["New Testament", "Christmas"],
      }),
    );
    await testDb.handle.db.insertInto("books").values(rows).execute();
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it("finds words of the title, the author and the description, and the start of a word", async () => {
    expect(await titles({ q: "samaritan" })).toEqual(["The Good Samaritan"]);
    expect(await titles({ q: "whitfield" })).toEqual(["The Birth of Jesus", "The Good Samaritan"]);
    expect(await titles({ q: "manger" })).toEqual(["The Birth of Jesus"]);
    expect(await titles({ q: "Prod" })).toEqual(["The Prodigal Son Comes Home"]);
    // Every word must match, in any field.
    expect(await titles({ q: "grace road" })).toEqual(["The Good Samaritan"]);
  });

  it("corrects a misspelt word to the catalogue's closest word and says so", async () => {
    const result = await search({ q: "samaritian" });
    expect(result.items.map((b) => b.title)).toEqual(["The Good Samaritan"]);
    expect(result.searchedFor).toBe("samaritan");
    expect(await titles({ q: "the good smaaritan" })).toEqual(["The Good Samaritan"]);
    expect(await titles({ q: "prodigla" })).toEqual(["The Prodigal Son Comes Home"]);
    expect((await search({ q: "samaritan" })).searchedFor).toBeNull();
  });

  it("finds nothing for a word nothing is close to, and ignores FTS syntax typed by the user", async () => {
    const result = await search({ q: "xylophone" });
    expect(result).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
    expect(await titles({ q: `"daniel" OR* NEAR( lions` })).toEqual([]);
    expect(await titles({ q: `daniel* (lions) -"den"` })).toEqual(["Daniel in the Lions' Den"]);
    expect(await titles({ q: "%_'\\;" })).toHaveLength(24);
  });

  it("filters by a child's age (every book whose range includes it) and by topic tag, with words", async () => {
    // Inclusive at both ends: 3-8, 4-8, 5-9 and 5-9 all hold 5; 9 is the last age of 5-9, the first of 9-12.
    expect(await titles({ age: 5 })).toEqual([
      "The Birth of Jesus",
      "Daniel in the Lions' Den",
      "The Prodigal Son Comes Home",
      "The Good Samaritan",
    ]);
    expect(await titles({ age: 3 })).toEqual(["The Birth of Jesus"]);
    expect(await titles({ age: 8 })).toHaveLength(4);
    expect((await search({ age: 9 })).total).toBe(52);
    expect((await search({ age: 12 })).total).toBe(50);
    expect(await titles({ age: 0 })).toEqual([]);
    expect(await titles({ tag: "Parables" })).toEqual(["The Prodigal Son Comes Home", "The Good Samaritan"]);
    expect(await titles({ tag: "Parables", age: 4 })).toEqual(["The Good Samaritan"]);
    expect(await titles({ q: "grace", age: 3 })).toEqual(["The Birth of Jesus"]);
    expect(await titles({ q: "grace", age: 6, tag: "Parables" })).toEqual(["The Good Samaritan"]);
    expect(await titles({ tag: "New Testament", q: "grace" })).toEqual(["The Birth of Jesus", "The Good Samaritan"]);
    expect(await titles({ tag: "parables" })).toEqual([]);
  });

  it("pages a search by age, and leaves out books whose label names no ages", async () => {
    const first = await search({ age: 9 });
    expect(first).toMatchObject({ total: 52, page: 1, pageCount: 3 });
    const last = await search({ age: 9, page: 3 });
    expect(last.items).toHaveLength(4);
    const seen = new Set(
      [...first.items, ...(await search({ age: 9, page: 2 })).items, ...last.items].map((b) => b.id),
    );
    expect(seen.size).toBe(52);

    const { db } = testDb.handle;
    const toddlers = bookRow(300, { title: "Toddler Prayers", age_range: "Toddlers", age_min: null, age_max: null });
    await db.insertInto("books").values(toddlers).execute();
    try {
      for (const age of [0, 1, 2, 3, 9]) expect(await titles({ age, q: "toddler" })).toEqual([]);
      expect(await titles({ q: "toddler" })).toEqual(["Toddler Prayers"]);
    } finally {
      await db.deleteFrom("books").where("id", "=", toddlers.id).execute();
    }
  });

  it("answers a child's age from the (age_min, age_max) index", async () => {
    const { db } = testDb.handle;
    const query = db
      .selectFrom("books")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("age_min", "<=", 5)
      .where("age_max", ">=", 5);
    const { sql: text, parameters } = query.compile();
    const plan = await db.transaction().execute(async (trx) => {
      if (engine === "sqlite") {
        const rows = await trx.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
        );
        return rows.rows.map((row) => row.detail).join("\n");
      }
      // A table this small is read whole whatever the indexes: ask for the plan a large one gets.
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await trx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${text}`, [...parameters]),
      );
      return rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("books_age_idx");
  });
  it("sorts by newest, price both ways and rating with unrated books last", async () => {
    const orders = [
      ["newest", ["The Birth of Jesus", "The Prodigal Son Comes Home", "The Good Samaritan"]],
      ["price-asc", ["The Good Samaritan", "The Prodigal Son Comes Home", "The Birth of Jesus"]],
      ["price-desc", ["The Birth of Jesus", "The Prodigal Son Comes Home", "The Good Samaritan"]],
      ["rating", ["The Prodigal Son Comes Home", "The Good Samaritan", "The Birth of Jesus"]],
    ] as const;
    for (const [sort, expected] of orders) {
      expect(await titles({ tag: "New Testament", sort }), sort).toEqual(expected);
    }
  });

  it("pages 24 at a time and clamps a page past the end to the last one", async () => {
    const first = await search();
    expect(first).toMatchObject({ total: 54, page: 1, pageCount: 3 });
    expect(first.items).toHaveLength(24);
    const last = await search({ page: 99999 });
    expect(last).toMatchObject({ page: 3 });
    expect(last.items).toHaveLength(6);
    const second = await search({ page: 2 });
    const seen = new Set([...first.items, ...second.items, ...last.items].map((b) => b.id));
    expect(seen.size).toBe(54);
  });

  it("keeps search and tags in step with edits and deletes", async () => {
    const { db } = testDb.handle;
    const row = bookRow(200, { title: "Jonah and the Great Fish", tagList: ["Old Testament"] });
    await db.insertInto("books").values(row).execute();
    expect(await titles({ q: "jonah", tag: "Old Testament" })).toEqual(["Jonah and the Great Fish"]);

    await db
      .updateTable("books")
      .set({ title: "Jonah and the Whale", tags: JSON.stringify(["Prophets"]) })
      .where("id", "=", row.id)
      .execute();
    expect(await titles({ q: "great fish" })).toEqual([]);
    expect(await titles({ q: "whale", tag: "Prophets" })).toEqual(["Jonah and the Whale"]);
    expect(await titles({ tag: "Old Testament" })).toEqual(["Daniel in the Lions' Den"]);
    // A stock change rewrites neither index.
    await db.updateTable("books").set({ stock: 3 }).where("id", "=", row.id).execute();
    expect(await titles({ q: "whale" })).toEqual(["Jonah and the Whale"]);

    await db.deleteFrom("books").where("id", "=", row.id).execute();
    expect(await titles({ q: "whale" })).toEqual([]);
    expect(await titles({ tag: "Prophets" })).toEqual([]);
    // Its words left the vocabulary: "whale" is no longer a correction for "whales".
    expect((await search({ q: "whales" })).searchedFor).toBeNull();
  });

  it("lists the filter choices and the related books of a book", async () => {
    expect(await listCatalogueFilters({ db: testDb.handle.db })).toEqual({
      tags: ["Christmas", "Forgiveness", "New Testament", "Old Testament", "Parables", "Prayer"],
    });
    const [samaritan] = (await search({ q: "samaritan" })).items;
    const related = await listRelatedBooks({ db: testDb.handle.db }, { book: samaritan! });
    expect(related.map((b) => b.title)).toEqual(["The Prodigal Son Comes Home", "The Birth of Jesus"]);
    const [daniel] = (await search({ q: "daniel" })).items;
    expect((await listRelatedBooks({ db: testDb.handle.db }, { book: daniel! })).map((b) => b.title)).toEqual([
      "The Prodigal Son Comes Home",
    ]);
    expect(
      await listRelatedBooks({ db: testDb.handle.db }, { book: { id: "x", tags: [], ageMin: null, ageMax: null } }),
    ).toEqual([]);
  });
});
