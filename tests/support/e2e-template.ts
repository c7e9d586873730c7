import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { backupSqlite, SQLITE_FILE_NAME } from "#server/db/sqlite-backup.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";
import { createThrowawayPostgresDatabase } from "./test-database.ts";

export const OWNER_EMAIL = "owner@example.com";
export const OWNER_PASSWORD = "Shepherd-Psalm-23-Still-Waters";

/**
 * The databases every browser test file's server starts from: migrated and seeded once per run
 * by the built server itself, then copied per file (SQLite: the file; PostgreSQL: CREATE DATABASE
 * … TEMPLATE). Each file still gets a database of its own; what it saves is the migrations and the
 * seeding (books, covers, sample orders) at every file's server start. The owner's variant also
 * holds the owner's admin account (OWNER_EMAIL), made once through the setup link.
 */
export interface E2eTemplate {
  /** Seeded SQLite files to copy into a file's DATA_DIR (when E2E_ENGINE is sqlite). */
  sqliteFile?: string;
  ownerSqliteFile?: string;
  /** Seeded PostgreSQL databases to create a file's database from (when E2E_ENGINE=postgres). */
  postgresDatabase?: string;
  ownerPostgresDatabase?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2eTemplate: E2eTemplate;
  }
}

/** Vitest globalSetup of the e2e project: builds the templates, provides them, drops them afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-template-"));
  const postgres = process.env.E2E_ENGINE === "postgres" ? await createThrowawayPostgresDatabase() : undefined;
  const plainPostgres = postgres ? `${databaseName(postgres.url)}_plain` : undefined;
  const cleanup = async () => {
    if (plainPostgres) await dropDatabase(plainPostgres);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const start = () => startServerProcess({ dataDir, env: postgres ? { DATABASE_URL: postgres.url } : {} });
  try {
    let server = await start();
    try {
      // The seeded database before any account exists: SQLite's online backup while the server
      // runs; PostgreSQL copies only a database nobody is connected to (a clean stop, then again).
      if (plainPostgres) {
        await stopCleanly(server);
        await copyPostgresDatabase(databaseName(postgres!.url), plainPostgres);
        server = await start();
      } else {
        await backupSqlite({ dataDir, destination: path.join(dataDir, `plain-${SQLITE_FILE_NAME}`) });
      }
      await createOwner(server);
    } finally {
      // A clean stop leaves a complete SQLite file (no WAL beside it) and no session on the template.
      await stopCleanly(server);
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  project.provide(
    "e2eTemplate",
    postgres
      ? { postgresDatabase: plainPostgres, ownerPostgresDatabase: databaseName(postgres.url) }
      : {
          sqliteFile: path.join(dataDir, `plain-${SQLITE_FILE_NAME}`),
          ownerSqliteFile: path.join(dataDir, SQLITE_FILE_NAME),
        },
  );
  return cleanup;
}

async function stopCleanly(server: ServerProcess) {
  const code = await server.stop();
  if (code !== 0) throw new Error(`The template server stopped with code ${code}:\n${server.output()}`);
}

/** The owner's admin account, through the one-time setup link the server prints (as a person would). */
async function createOwner(server: ServerProcess) {
  const token = server.output().match(/\/setup\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`The template server printed no setup link:\n${server.output()}`);
  const response = await fetch(`${server.url}/setup?token=${token}`, {
    method: "POST",
    body: new URLSearchParams({ token, email: OWNER_EMAIL, password: OWNER_PASSWORD }),
    redirect: "manual",
  });
  if (response.headers.get("location") !== "/login") {
    throw new Error(`Setting up the template's owner answered ${response.status}: ${await response.text()}`);
  }
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const copyPostgresDatabase = (from: string, to: string) => adminQuery(`create database ${to} template ${from}`);
const dropDatabase = (name: string) => adminQuery(`drop database if exists ${name} with (force)`);
