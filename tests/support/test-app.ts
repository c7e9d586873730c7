import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { ServerBuild } from "react-router";
import { startServices } from "#server/boot.ts";
import { loadEnv } from "#server/config/env.ts";
import { createApp } from "#server/http/create-app.ts";
import { createLogger } from "#server/logging/logger.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { HashQueue } from "#server/security/hash-queue.ts";
import type { AppServices } from "#server/services.ts";
import { openDatabase, type DatabaseEngine } from "#server/db/database.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

const SERVER_BUILD = path.resolve("build/server/index.js");
const CLIENT_DIR = path.resolve("build/client");

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: AppServices;
  testDb: TestDatabase;
  /** Every log line written so far, parsed. */
  logs: Record<string, unknown>[];
  cleanup(): Promise<void>;
}

/**
 * The real Hono app over the real React Router build and a fresh, seeded database, called
 * in-process with `app.request()`. Requires `npm run build` (which `npm test` runs first).
 */
export async function createTestApp(
  engine: DatabaseEngine = "sqlite",
  overrides: { env?: Record<string, string>; mailer?: Mailer; hashQueue?: HashQueue } = {},
): Promise<TestApp> {
  if (!existsSync(SERVER_BUILD)) throw new Error("No server build: run `npm run build` before these tests.");
  const build = (await import(/* @vite-ignore */ SERVER_BUILD)) as ServerBuild;
  // Already seeded (a copy of the run's template) unless covers go to a bucket: that shop seeds its own.
  const testDb = await createTestDatabase(engine, { seeded: !overrides.env?.COVERS_S3_BUCKET });
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
      callback();
    },
  });
  const env = loadEnv({ DATA_DIR: testDb.dataDir, NODE_ENV: "test", APP_SECRET: "t".repeat(40), ...overrides.env });
  const services = await startServices(env, {
    database: testDb.handle,
    logger: createLogger("info", destination),
    ...(overrides.mailer ? { mailer: overrides.mailer } : {}),
    ...(overrides.hashQueue ? { hashQueue: overrides.hashQueue } : {}),
  });
  const app = createApp({ services, build, clientDir: CLIENT_DIR, mode: "production" });
  return {
    app,
    services,
    testDb,
    logs,
    async cleanup() {
      await services.rateLimitStore.close();
      await testDb.cleanup();
    },
  };
}

/**
 * Another instance of the shop on the same database as `first` (its own connection, its own
 * DATA_DIR, its own services): what a second process behind a load balancer is. `dataDir` is
 * a fresh temporary folder unless given; it is removed by cleanup only when it was made here.
 */
export async function createSecondInstance(
  first: TestApp,
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<Omit<TestApp, "testDb">> {
  const build = (await import(/* @vite-ignore */ SERVER_BUILD)) as ServerBuild;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "shop-instance-"));
  const { testDb } = first;
  // SQLite: a second connection to the first instance's file (tests only: the shop refuses two
  // processes on one SQLite directory); PostgreSQL: a second pool on the same database.
  const database = openDatabase(
    testDb.databaseUrl ? { databaseUrl: testDb.databaseUrl, dataDir } : { dataDir: testDb.dataDir },
  );
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
      callback();
    },
  });
  const env = loadEnv({ DATA_DIR: dataDir, NODE_ENV: "test", APP_SECRET: "t".repeat(40), ...options.env });
  const services = await startServices(env, { database, logger: createLogger("info", destination) });
  const app = createApp({ services, build, clientDir: CLIENT_DIR, mode: "production" });
  return {
    app,
    services,
    logs,
    async cleanup() {
      await database.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A page's GET as a browser makes it (asking for HTML), with the Cookie header when given. */
export const getPage = (t: TestApp, path: string, cookie?: string) =>
  t.app.request(path, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });

/** A page's form posted as a browser posts it without JavaScript (URL-encoded, asking for HTML). */
export const postPageForm = (t: TestApp, path: string, fields: Record<string, string>, cookie?: string) =>
  t.app.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
      ...(cookie ? { cookie } : {}),
    },
  });
