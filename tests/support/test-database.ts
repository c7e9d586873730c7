import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
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
  /** postgres:// URL of the fresh database, for tests that open a second connection. */
  databaseUrl?: string;
  /** Closes the connection, drops the PostgreSQL database and removes the directory. */
  cleanup(): Promise<void>;
}

/** A brand-new, empty database of the given engine (no migrations applied). */
export function createEmptyTestDatabase(engine: DatabaseEngine): Promise<TestDatabase> {
  return openFreshDatabase(engine);
}

/** A fresh database: empty, or a copy of `template` (SQLite: a closed file; PostgreSQL: a database's name). */
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

  const postgres = await createThrowawayPostgresDatabase({ template });
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
 * A new PostgreSQL database on the TEST_DATABASE_URL server, and a way to drop it: empty, or a
 * copy of `template` (a database nobody is connected to).
 */
export async function createThrowawayPostgresDatabase({ template }: { template?: string } = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
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
 * orders and settings, as `startServices` leaves an empty database. Under Vitest's unit project
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

/** The templates the unit project's globalSetup provides; none outside Vitest (bench imports these helpers). */
async function providedTemplates(): Promise<TestDatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  return inject("testDatabaseTemplates");
}
