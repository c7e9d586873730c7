import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { SQLITE_FILE_NAME } from "#server/db/sqlite-backup.ts";
import { startServerProcess } from "./server-process.ts";
import { createThrowawayPostgresDatabase } from "./test-database.ts";

/**
 * The database every browser test file's server starts from: migrated and seeded once per run by
 * the built server itself, then copied per file (SQLite: the file; PostgreSQL: CREATE DATABASE
 * … TEMPLATE). Each file still gets a database of its own; what it saves is the migrations and
 * the seeding (books, covers, sample orders) of every file's server start.
 */
export interface E2eTemplate {
  /** The seeded SQLite file to copy into a file's DATA_DIR (when E2E_ENGINE is sqlite). */
  sqliteFile?: string;
  /** The seeded PostgreSQL database to create a file's database from (when E2E_ENGINE=postgres). */
  postgresDatabase?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2eTemplate: E2eTemplate;
  }
}

/** Vitest globalSetup of the e2e project: builds the template, provides it, drops it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-template-"));
  const postgres = process.env.E2E_ENGINE === "postgres" ? await createThrowawayPostgresDatabase() : undefined;
  try {
    const server = await startServerProcess({
      dataDir,
      env: postgres ? { DATABASE_URL: postgres.url } : {},
    });
    // A clean stop closes the database, so the SQLite file is complete (no WAL left beside it)
    // and no session stays connected to the PostgreSQL template.
    const code = await server.stop();
    if (code !== 0) throw new Error(`The template server stopped with code ${code}:\n${server.output()}`);
  } catch (error) {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide(
    "e2eTemplate",
    postgres
      ? { postgresDatabase: new URL(postgres.url).pathname.slice(1) }
      : { sqliteFile: path.join(dataDir, SQLITE_FILE_NAME) },
  );
  return async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
