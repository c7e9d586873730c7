import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/database.ts";
import { SQLITE_FILE_NAME } from "#server/db/sqlite-backup.ts";
import { launchBrowser } from "./browser.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";
import { startPayPalStandIn, type PayPalStandIn, type PayPalStandInOptions } from "./paypal-stand-in.ts";
import { startStripeStandIn, type StripeStandIn, type StripeStandInOptions } from "./stripe-stand-in.ts";
import { createThrowawayPostgresDatabase } from "./test-database.ts";
import { useFixture, type Fixture } from "./test-fixture.ts";

/**
 * The engine the browser tests' servers use: SQLite unless E2E_ENGINE=postgres, which needs
 * TEST_DATABASE_URL (CI runs the browser tests once more that way).
 */
export const E2E_ENGINE: "sqlite" | "postgres" = process.env.E2E_ENGINE === "postgres" ? "postgres" : "sqlite";

export interface Shop {
  server: ServerProcess;
  browser: Browser;
  /** The server's own DATA_DIR (SQLite file, uploads, outbox). */
  dataDir: string;
  /** The server's PostgreSQL database, when E2E_ENGINE=postgres. */
  databaseUrl?: string;
  /** A second connection to the server's database, to read or arrange what it stored; close it after use. */
  openDatabase(): DatabaseHandle;
  /** Runs `use` over a second connection to the server's database, closed after. */
  withDb<T>(use: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T>;
}

/**
 * For a browser test file: the built server on a fresh data directory (and, with
 * E2E_ENGINE=postgres, a throwaway PostgreSQL database) and a Chromium, started before the
 * file's tests and torn down after. Read the fields inside tests (they are set in beforeAll).
 * The database is a copy of the run's seeded template (e2e-template.ts), so the server starts
 * without migrating and seeding; with covers in a bucket it starts empty and seeds its own.
 * `withOwner`: the database also holds the owner's admin account (see owner-session.ts).
 */
export function useShop(env: Record<string, string> = {}, { withOwner = false }: { withOwner?: boolean } = {}): Shop {
  let dropDatabase: (() => Promise<void>) | undefined;
  const shop = {
    openDatabase: () => openDatabase({ dataDir: shop.dataDir, databaseUrl: shop.databaseUrl }),
    async withDb(use) {
      const handle = shop.openDatabase();
      try {
        return await use(handle.db);
      } finally {
        await handle.close();
      }
    },
  } as Shop;
  beforeAll(async () => {
    shop.dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
    // The template's covers are in the database: a server that keeps them in a bucket seeds its own.
    const templates = env.COVERS_S3_BUCKET ? {} : inject("e2eTemplate");
    const template = withOwner
      ? { sqliteFile: templates.ownerSqliteFile, postgresDatabase: templates.ownerPostgresDatabase }
      : templates;
    if (template.sqliteFile) copyFileSync(template.sqliteFile, path.join(shop.dataDir, SQLITE_FILE_NAME));
    if (E2E_ENGINE === "postgres") {
      const postgres = await createThrowawayPostgresDatabase({ template: template.postgresDatabase });
      shop.databaseUrl = postgres.url;
      dropDatabase = postgres.drop;
    }
    // Started together: Chromium launches while the server boots (each mostly waits on its own).
    const [server, browser] = await Promise.allSettled([
      startServerProcess({
        dataDir: shop.dataDir,
        env: { ...(shop.databaseUrl ? { DATABASE_URL: shop.databaseUrl } : {}), ...env },
      }),
      launchBrowser(),
    ]);
    // Whatever started is kept on `shop`, so afterAll stops it even when the other failed.
    if (server.status === "fulfilled") shop.server = server.value;
    if (browser.status === "fulfilled") shop.browser = browser.value;
    if (server.status === "rejected") throw server.reason;
    if (browser.status === "rejected") throw browser.reason;
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.server?.stop();
    await dropDatabase?.();
    if (shop.dataDir) rmSync(shop.dataDir, { recursive: true, force: true });
  });
  return shop;
}

/**
 * For a browser test file that pays by card: the Stripe stand-in, started before the file's tests
 * and closed after. Its URL goes into `env.STRIPE_API_URL`, so call it before useShop(env), whose
 * beforeAll reads env later. Read the stand-in inside tests (it is filled in beforeAll).
 */
export function useStripeStandIn(env: Record<string, string>, options: StripeStandInOptions = {}): StripeStandIn {
  return useFixture(() => standInFor(env, "STRIPE_API_URL", startStripeStandIn(options)), "all");
}

/**
 * For a browser test file that pays with PayPal: the PayPal stand-in, started before the file's
 * tests and closed after, its URL in `env.PAYPAL_API_URL` (call it before useShop(env)). Point
 * its webhooks at the server once it runs (`standIn.setWebhook(...)` in a beforeAll).
 */
export function usePayPalStandIn(env: Record<string, string>, options: PayPalStandInOptions = {}): PayPalStandIn {
  return useFixture(() => standInFor(env, "PAYPAL_API_URL", startPayPalStandIn(options)), "all");
}

/** A stand-in once it listens, its URL put in `env[name]` for the server, closed as a fixture's cleanup. */
async function standInFor<T extends { url: string; close(): Promise<void> }>(
  env: Record<string, string>,
  name: string,
  starting: Promise<T>,
): Promise<T & Fixture> {
  const standIn = await starting;
  env[name] = standIn.url;
  return Object.assign(standIn, { cleanup: () => standIn.close() });
}
