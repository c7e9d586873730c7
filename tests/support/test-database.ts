import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Database } from "#server/db/schema.ts";
import { SQLITE_FILE_NAME } from "#server/db/sqlite-backup.ts";

/**
 * The engines every data test runs on: SQLite always, PostgreSQL too when TEST_DATABASE_URL
 * points at a server where the test may create databases.
 */
export const TEST_ENGINES: DatabaseEngine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A fresh temporary directory: the SQLite file lives here, and so may uploads. */
  dataDir: string;
  /** postgres:// URL of the test's database, for tests that open a second connection. */
  databaseUrl?: string;
  /**
   * Closes the connection, gives the PostgreSQL database back (a copy of a template is reset and
   * reused under a new name, any other is dropped) and removes the directory.
   */
  cleanup(): Promise<void>;
}

/** A brand-new, empty database of the given engine (no migrations applied). */
export function createEmptyTestDatabase(engine: DatabaseEngine): Promise<TestDatabase> {
  return openFreshDatabase(engine);
}

/**
 * Each engine's own search tables (decision 12): on SQLite FTS5's table, its shadow tables, its
 * vocabulary and the books' FTS keys; on PostgreSQL the stored documents and the word counts.
 */
const ENGINE_SEARCH_TABLES = /^(books_fts(_\w+)?|book_search_ids|book_search_documents|book_search_words)$/;

/** The names of the database's tables of the data model: every table but the engine's own search tables. */
export async function dataModelTables(db: Kysely<Database>): Promise<string[]> {
  return (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !ENGINE_SEARCH_TABLES.test(name));
}

/**
 * A database of the test's own: empty, or as `template` is (SQLite: a copy of a closed file;
 * PostgreSQL: a copy of a database, maybe one an earlier test used and that was reset since).
 */
async function openFreshDatabase(engine: DatabaseEngine, template?: string): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-test-"));
  if (engine === "sqlite") {
    if (template) copyFileSync(template, path.join(dataDir, SQLITE_FILE_NAME));
    const handle = openDatabase({ dataDir });
    return {
      handle,
      dataDir,
      async cleanup() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const postgres = template ? await takePostgresCopy(template) : await createThrowawayPostgresDatabase();
  const handle = openDatabase({ databaseUrl: postgres.url, dataDir });
  return {
    handle,
    dataDir,
    databaseUrl: postgres.url,
    async cleanup() {
      await handle.close();
      await postgres.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where a PostgreSQL template keeps a copy of its rows (test-database-templates.ts), so that a
 * used copy of the template can be put back as it was instead of dropped.
 */
export const TEMPLATE_ROWS_SCHEMA = "test_template_rows";

/** Copies of a template that tests gave back, reset and ready, by template (per worker). */
const freePostgresCopies = new Map<string, string[]>();
/** Each template's schema (see schemaPrint), by template. */
const templateSchemaPrints = new Map<string, string>();
/** The statements that put a copy's rows back as its template had them, by template. */
const resetStatements = new Map<string, string>();
/** Off for the rest of the run once a reset fails (a server where the test role cannot do it). */
let reusePostgresCopies = true;

/**
 * A copy of a PostgreSQL template for one test; `drop` gives it back. Creating and dropping a
 * database cost the server ≈0.2 s of CPU each (most of it in the kernel: 440 files copied, then
 * unlinked), about a quarter of the server project's CPU on this 2-core machine; resetting a used
 * copy's rows costs a few milliseconds. A copy whose schema a test changed is dropped, not reused,
 * so every test still starts on exactly the template (decision 8).
 */
async function takePostgresCopy(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const free = freePostgresCopies.get(template) ?? [];
  freePostgresCopies.set(template, free);
  let name = free.pop();
  if (!name) {
    name = copyName(template);
    await withClient(adminUrl(), (admin) => admin.query(`create database ${name} template ${template}`));
    if (!templateSchemaPrints.has(template)) {
      templateSchemaPrints.set(template, await withClient(databaseUrlFor(name), schemaPrint));
    }
  }
  const copy = name;
  let givenBack = false;
  return {
    url: databaseUrlFor(copy),
    async drop() {
      // Once: a second cleanup must not hand the same copy to two tests.
      if (givenBack) return;
      givenBack = true;
      const renamed = reusePostgresCopies ? await resetPostgresCopy(template, copy) : null;
      if (renamed) free.push(renamed);
      else await withClient(adminUrl(), (admin) => admin.query(`drop database if exists ${copy} with (force)`));
    },
  };
}

function copyName(template: string): string {
  return `${template}_${randomBytes(4).toString("hex")}`;
}

/**
 * Puts a used copy's rows back as its template had them and gives it a new name, which the next
 * test connects to: a pool the last test left open (or work it did not await) reconnects to the
 * old name and finds no database, rather than writing into the next test's. Returns the new name,
 * or null when the copy cannot be reused (its schema changed, someone is still connected).
 */
async function resetPostgresCopy(template: string, name: string): Promise<string | null> {
  try {
    const reset = await withClient(databaseUrlFor(name), async (client) => {
      // Connections a test left open (another instance's pool) go, as DROP DATABASE … FORCE did.
      await client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      if ((await schemaPrint(client)) !== templateSchemaPrints.get(template)) return false;
      let statements = resetStatements.get(template);
      if (!statements) {
        statements = await resetSql(client);
        resetStatements.set(template, statements);
      }
      await client.query(statements);
      return true;
    });
    if (!reset) return null;
    const renamed = copyName(template);
    // Terminated sessions take a moment to end; ALTER DATABASE refuses while any is connected.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        await withClient(adminUrl(), (admin) => admin.query(`alter database ${name} rename to ${renamed}`));
        return renamed;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006") throw error;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    return null;
  } catch (error) {
    reusePostgresCopies = false;
    console.warn(
      `PostgreSQL test databases are dropped, not reused, for the rest of this run: resetting one failed (${String(error)}). ` +
        "Reuse needs a superuser in TEST_DATABASE_URL (the reset writes rows back as a replica does).",
    );
    return null;
  }
}

/**
 * One transaction that deletes every row and inserts the template's back, table by table, by
 * column name. As a replica applies rows: no triggers (search words, page generations: their
 * results are among the rows put back) and no foreign-key checks while tables are half filled.
 */
async function resetSql(client: pg.Client): Promise<string> {
  const columns = await client.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = $1 order by table_name, ordinal_position",
    [TEMPLATE_ROWS_SCHEMA],
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows) {
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), quoteIdentifier(row.column_name)]);
  }
  const tables = [...byTable.keys()].map((table) => [quoteIdentifier(table), byTable.get(table)!.join(", ")] as const);
  return [
    "begin",
    "set local session_replication_role = replica",
    ...tables.map(([table]) => `delete from public.${table}`),
    ...tables.map(
      ([table, list]) => `insert into public.${table} (${list}) select ${list} from ${TEMPLATE_ROWS_SCHEMA}.${table}`,
    ),
    "commit",
  ].join(";\n");
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** What a test could change in a database's schema, as one hash. */
async function schemaPrint(client: pg.Client): Promise<string> {
  const result = await client.query<{ print: string }>(`
    select md5(string_agg(item, E'\\n' order by item)) as print from (
      select 'column ' || table_schema || '.' || table_name || '.' || ordinal_position || ' ' || column_name || ' '
        || udt_name || ' ' || coalesce(character_maximum_length, -1) || ' ' || coalesce(numeric_precision, -1) || ' '
        || coalesce(numeric_scale, -1) || ' ' || is_nullable || ' ' || coalesce(column_default, '') as item
        from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
      union all select 'index ' || schemaname || ' ' || indexdef from pg_indexes
        where schemaname not in ('pg_catalog', 'information_schema')
      union all select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
      union all select 'trigger ' || tgenabled::text || ' ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
      union all select 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p
        where pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
      union all select 'view ' || schemaname || '.' || viewname || ' ' || md5(definition) from pg_views
        where schemaname not in ('pg_catalog', 'information_schema')
      union all select 'type ' || t.typname || ' ' || coalesce(string_agg(e.enumlabel, ',' order by e.enumsortorder), '')
        from pg_type t left join pg_enum e on e.enumtypid = t.oid
        where t.typnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) and t.typtype in ('e', 'd')
        group by t.typname
      union all select 'schema ' || nspname from pg_namespace
      union all select 'sequence ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value, 0) from pg_sequences
      union all select 'setting ' || array_to_string(setconfig, ',') from pg_db_role_setting
        where setdatabase = (select oid from pg_database where datname = current_database())
    ) items`);
  return result.rows[0]?.print ?? "";
}

/** Drops every copy made of `template` (at the end of the run, before the template itself). */
export async function dropPostgresCopies(template: string): Promise<void> {
  await withClient(adminUrl(), async (admin) => {
    const copies = await admin.query<{ name: string }>(
      "select datname as name from pg_database where datname like $1",
      [`${template}\\_%`],
    );
    for (const { name } of copies.rows) await admin.query(`drop database if exists ${name} with (force)`);
  });
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

function databaseUrlFor(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database on the TEST_DATABASE_URL server, and a way to drop it: empty, or a
 * copy of `template` (a database nobody is connected to).
 */
export async function createThrowawayPostgresDatabase({ template }: { template?: string } = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl(), (admin) =>
    admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  return {
    url: databaseUrlFor(name),
    async drop() {
      await withClient(adminUrl(), (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Where a test's fresh database is copied from, per engine: `migrated` holds every migration and
 * no rows; `seeded` also holds the demo catalogue, sample orders and settings, as `startServices`
 * seeds an empty database. SQLite: a closed file to copy; PostgreSQL: a database nobody is
 * connected to, for CREATE DATABASE … TEMPLATE.
 */
export type TestDatabaseTemplates = Partial<Record<DatabaseEngine, { migrated: string; seeded: string }>>;

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

/**
 * A fresh database with every migration applied; `seeded`: also with the demo catalogue, sample
 * orders and settings, as `startServices` leaves an empty database. Under Vitest's server project
 * it is a copy of the run's template (test-database-templates.ts); elsewhere (bench, the e2e
 * project) it is migrated here, and a `seeded` one is left for `startServices` to seed.
 */
export async function createTestDatabase(
  engine: DatabaseEngine,
  { seeded = false }: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  const template = (await providedTemplates())?.[engine]?.[seeded ? "seeded" : "migrated"];
  if (template) return openFreshDatabase(engine, template);
  const testDb = await openFreshDatabase(engine);
  await migrateToLatest(testDb.handle);
  return testDb;
}

/** The templates the server project's globalSetup provides; none outside Vitest (bench imports these helpers). */
async function providedTemplates(): Promise<TestDatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  return inject("testDatabaseTemplates");
}
