import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, dataModelTables, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { NOT_PAGE_SHAPING_TABLES, PAGE_SHAPING_TABLES } from "./page-shaping-tables.ts";

describe.each(TEST_ENGINES)("the page cache's tables on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("names every table as shaping pages or not, and only the shaping ones bump the page generation", async () => {
    setTestDb(await createTestDatabase(engine));
    const { db } = testDb.handle;
    // Not the engine's own search tables: they are written with the books they index.
    const tables = await dataModelTables(db);
    const unnamed = tables.filter(
      (name) => !(PAGE_SHAPING_TABLES as readonly string[]).includes(name) && !(name in NOT_PAGE_SHAPING_TABLES),
    );
    expect(unnamed, "add each to PAGE_SHAPING_TABLES or NOT_PAGE_SHAPING_TABLES").toEqual([]);
    const both = tables.filter(
      (name) => (PAGE_SHAPING_TABLES as readonly string[]).includes(name) && name in NOT_PAGE_SHAPING_TABLES,
    );
    expect(both).toEqual([]);

    const triggered =
      engine === "sqlite"
        ? await sql<{ table: string }>`select distinct tbl_name as "table" from sqlite_master
            where type = 'trigger' and name like '%page_generation'`.execute(db)
        : await sql<{ table: string }>`select distinct tgrelid::regclass::text as "table" from pg_trigger
            where tgname like '%page_generation'`.execute(db);
    expect(triggered.rows.map((row) => row.table.replaceAll('"', "")).sort()).toEqual([...PAGE_SHAPING_TABLES].sort());
  });
});
