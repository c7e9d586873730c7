import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookRow } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { toBook } from "./book.ts";
import { listRelatedBooks } from "./list-related-books.ts";

describe.each(TEST_ENGINES)("listRelatedBooks on %s", (engine) => {
  let testDb: TestDatabase;
  const ages = (label: string | null) => {
    const [min, max] = label === null ? [null, null] : label.split("-").map(Number);
    return { ageMin: min ?? null, ageMax: max ?? null };
  };
  const book = (index: number, tags: string[], ageRange: string | null) =>
    bookRow(index, {
      slug: `related-${index}`,
      title: `Related ${index}`,
      tags: JSON.stringify(tags),
      // The labels differ; the ages are what count.
      age_range: ageRange === null ? null : `Ages ${ageRange}${index % 2 ? "" : " years"}`,
      age_min: ages(ageRange).ageMin,
      age_max: ages(ageRange).ageMax,
    });
  // Newest last: index is minutes after a fixed start.
  const rows = [
    book(1, ["Prayer", "Psalms"], "3-8"),
    book(2, ["Prayer"], null),
    book(3, [], "3-8"),
    book(4, ["Psalms"], "9-12"),
    book(5, [], null),
  ];
  const titlesFor = async (tags: string[], ageRange: string | null) =>
    (await listRelatedBooks({ db: testDb.handle.db }, { book: { id: "none", tags, ...ages(ageRange) } })).map(
      (b) => b.title,
    );

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    await testDb.handle.db.insertInto("books").values(rows).execute();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it("offers books sharing tags when the book has tags but no age range", async () => {
    expect(await titlesFor(["Prayer", "Psalms"], null)).toEqual(["Related 1", "Related 4", "Related 2"]);
  });

  it("offers books of the same age range when the book has an age range but no tags", async () => {
    expect(await titlesFor([], "3-8")).toEqual(["Related 3", "Related 1"]);
  });

  it("ranks shared tags first, then the same age range, when the book has both", async () => {
    expect(await titlesFor(["Psalms"], "3-8")).toEqual(["Related 1", "Related 4", "Related 3"]);
  });

  it("offers nothing for a book with neither, and never the book itself", async () => {
    expect(await titlesFor([], null)).toEqual([]);
    const first = toBook(
      await testDb.handle.db.selectFrom("books").selectAll().where("slug", "=", "related-1").executeTakeFirstOrThrow(),
    );
    const related = await listRelatedBooks({ db: testDb.handle.db }, { book: first });
    expect(related.map((b) => b.title)).toEqual(["Related 4", "Related 2", "Related 3"]);
  });
});
