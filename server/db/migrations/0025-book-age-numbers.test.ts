import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { createEmptyTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { migrateToLatest } from "../migrate.ts";

describe.each(TEST_ENGINES)("migration 0025 (book age numbers) on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("fills every book's ages from its label, leaves labels naming no ages without, and keeps ages in range", async () => {
    setTestDb(await createEmptyTestDatabase(engine));
    await migrateToLatest(testDb.handle, { upTo: "0024-free-story-social-links" });
    const { db } = testDb.handle;
    const labels = ["3-5", "Ages 4–8", "5+", "3-5", "Toddlers", null];
    // Written as the tables were before: no age columns yet.
    const rows = labels.map((label, i) => {
      const { age_min: _min, age_max: _max, ...row } = bookRow(i, { age_range: label });
      return row;
    });
    await db.insertInto("books").values(rows).execute();

    expect(await migrateToLatest(testDb.handle, { upTo: "0025-book-age-numbers" })).toEqual(["0025-book-age-numbers"]);

    const stored = await db
      .selectFrom("books")
      .select(["slug", "age_range", "age_min", "age_max", "updated_at"])
      .orderBy("slug")
      .execute();
    expect(stored.map(({ age_range, age_min, age_max }) => [age_range, age_min, age_max])).toEqual([
      ["3-5", 3, 5],
      ["Ages 4–8", 4, 8],
      ["5+", 5, 18],
      ["3-5", 3, 5],
      ["Toddlers", null, null],
      [null, null, null],
    ]);
    // Filling in ages is no edit of the book.
    expect(stored.map((row) => row.updated_at)).toEqual(rows.map((row) => row.updated_at));

    const write = (ages: { age_min: number | null; age_max: number | null }) =>
      db.updateTable("books").set(ages).where("slug", "=", rows[0]!.slug).execute();
    for (const bad of [
      { age_min: 6, age_max: 5 },
      { age_min: -1, age_max: 5 },
      { age_min: 3, age_max: 19 },
      { age_min: 3, age_max: null },
      { age_min: null, age_max: 5 },
    ]) {
      await expect(write(bad), JSON.stringify(bad)).rejects.toThrow();
    }
    await write({ age_min: 0, age_max: 18 });
    await write({ age_min: null, age_max: null });
  });
});
