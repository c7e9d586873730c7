import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "./test-database.ts";

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;

/** The database's own id, which a rename keeps: the same id is the same copy. */
const databaseOid = async (testDb: TestDb) =>
  (
    await sql<{ oid: string }>`select oid::text from pg_database where datname = current_database()`.execute(
      testDb.handle.db,
    )
  ).rows[0]?.oid;

// PostgreSQL copies of the run's templates are reset and reused rather than dropped: a test that
// follows one that emptied the catalogue, or changed the schema, must still start on the template.
describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL test databases", () => {
  const countBooks = async (testDb: TestDb) =>
    Number((await sql<{ n: string }>`select count(*) as n from books`.execute(testDb.handle.db)).rows[0]?.n);

  it("hands the next test a used copy with the template's rows back, triggers included", async () => {
    const first = await createTestDatabase("postgres", { seeded: true });
    const firstOid = await databaseOid(first);
    const books = await countBooks(first);
    expect(books).toBeGreaterThan(0);
    await sql`delete from book_search_words`.execute(first.handle.db);
    await sql`delete from books`.execute(first.handle.db);
    await sql`update store_settings set store_name = 'Changed by a test'`.execute(first.handle.db);
    await first.cleanup();

    const second = await createTestDatabase("postgres", { seeded: true });
    try {
      expect(await databaseOid(second)).toBe(firstOid);
      // Under a new name: whatever still holds the old one (a pool left open) reaches nothing.
      expect(second.databaseUrl).not.toBe(first.databaseUrl);
      const stale = new pg.Client({ connectionString: first.databaseUrl });
      await expect(stale.connect()).rejects.toThrow(/does not exist/);
      expect(await countBooks(second)).toBe(books);
      const names = await sql<{ store_name: string }>`select store_name from store_settings`.execute(second.handle.db);
      expect(names.rows.map((row) => row.store_name)).not.toContain("Changed by a test");
      // The search words came back with the books (put back as rows, not rebuilt by a trigger).
      const words = await sql<{ n: string }>`select count(*) as n from book_search_words`.execute(second.handle.db);
      expect(Number(words.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await second.cleanup();
    }
  });

  it("drops a copy whose schema a test changed instead of reusing it", async () => {
    const first = await createTestDatabase("postgres");
    const firstOid = await databaseOid(first);
    await sql`alter table books add column test_only integer`.execute(first.handle.db);
    await first.cleanup();

    const second = await createTestDatabase("postgres");
    try {
      expect(await databaseOid(second)).not.toBe(firstOid);
      const columns = await sql<{ name: string }>`
        select column_name as name from information_schema.columns where table_name = 'books'
      `.execute(second.handle.db);
      expect(columns.rows.map((row) => row.name)).not.toContain("test_only");
    } finally {
      await second.cleanup();
    }
  });

  it("gives a copy back once when its cleanup runs twice", async () => {
    const first = await createTestDatabase("postgres");
    await first.cleanup();
    await first.cleanup();
    const [second, third] = [await createTestDatabase("postgres"), await createTestDatabase("postgres")];
    try {
      expect(second.databaseUrl).not.toBe(third.databaseUrl);
    } finally {
      await second.cleanup();
      await third.cleanup();
    }
  });
});
