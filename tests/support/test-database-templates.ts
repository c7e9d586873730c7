import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { DatabaseCoverStore } from "#server/covers/database-cover-store.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { SQLITE_FILE_NAME } from "#server/db/sqlite-backup.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { sql } from "kysely";
import {
  createThrowawayPostgresDatabase,
  dropPostgresCopies,
  TEMPLATE_ROWS_SCHEMA,
  type TestDatabaseTemplates,
} from "./test-database.ts";

/**
 * Vitest globalSetup of the unit project. A test that migrated and seeded its own database paid
 * ~1 s on SQLite and 1-4 s on PostgreSQL for the migrations, plus the seed (13 covers drawn and
 * shrunk once per file); doing it once per run and copying keeps every test's database its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-unit-templates-"));
  const drops: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const drop of drops) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const templates: TestDatabaseTemplates = {};
    const sqlite = (name: string) => ({
      database: openDatabase({ dataDir, sqliteFileName: name }),
      location: path.join(dataDir, name),
    });
    templates.sqlite = await buildTemplates(
      () => sqlite(`migrated-${SQLITE_FILE_NAME}`),
      () => sqlite(`seeded-${SQLITE_FILE_NAME}`),
    );
    if (process.env.TEST_DATABASE_URL) {
      const postgres = async () => {
        const created = await createThrowawayPostgresDatabase();
        const location = new URL(created.url).pathname.slice(1);
        // Tests' copies of it first (test-database.ts reuses them instead of dropping them).
        drops.push(async () => {
          await dropPostgresCopies(location);
          await created.drop();
        });
        return {
          database: openDatabase({ databaseUrl: created.url, dataDir }),
          location,
        };
      };
      templates.postgres = await buildTemplates(postgres, postgres);
    }
    project.provide("testDatabaseTemplates", templates);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return cleanup;
}

type OpenTemplate = () =>
  { database: DatabaseHandle; location: string } | Promise<{ database: DatabaseHandle; location: string }>;

async function buildTemplates(openMigrated: OpenTemplate, openSeeded: OpenTemplate) {
  const migrated = await openMigrated();
  const seeded = await openSeeded();
  try {
    await migrateToLatest(migrated.database);
    await migrateToLatest(seeded.database);
    // With the sample orders, as a development or test start seeds them (boot.ts).
    await seedDatabase(
      { db: seeded.database.db, clock: () => new Date(), covers: new DatabaseCoverStore(seeded.database.db) },
      { sampleOrders: true },
    );
    for (const template of [migrated.database, seeded.database]) await keepRowsForReset(template);
  } finally {
    // Closed: SQLite leaves a complete file (no WAL beside it), PostgreSQL a database to copy.
    await migrated.database.close();
    await seeded.database.close();
  }
  return { migrated: migrated.location, seeded: seeded.location };
}

/**
 * PostgreSQL: a copy of every table's rows in a schema of its own, which each copy of the
 * template carries, so a copy a test used can be put back as it was and reused (test-database.ts).
 */
async function keepRowsForReset(database: DatabaseHandle): Promise<void> {
  if (database.engine !== "postgres") return;
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
  `.execute(database.db);
  await sql`create schema ${sql.id(TEMPLATE_ROWS_SCHEMA)}`.execute(database.db);
  for (const { name } of tables.rows) {
    await sql`create table ${sql.id(TEMPLATE_ROWS_SCHEMA, name)} as table ${sql.id("public", name)}`.execute(
      database.db,
    );
  }
}
