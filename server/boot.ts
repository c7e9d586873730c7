import { existsSync } from "node:fs";
import path from "node:path";
import { createAuth } from "./accounts/auth.ts";
import { createAuthLimits } from "./accounts/auth-limits.ts";
import { countAdmins, ensureOwnerIsAdmin, OwnerSetup } from "./accounts/owner-setup.ts";
import { ConfigError, loadEnv, type Env } from "./config/env.ts";
import { openDatabase, type DatabaseHandle } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createLogger, type Logger } from "./logging/logger.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { seedDatabase } from "./seed/seed-database.ts";
import { HashQueue } from "./security/hash-queue.ts";
import { createRateLimits } from "./security/rate-limits.ts";
import type { AppServices, Clock } from "./services.ts";
import { ExportLock } from "./subscribers/export-lock.ts";

/** Reads `.env` when present, then validates the configuration; a bad value ends the process. */
export function loadEnvOrExit(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Parts a caller may supply instead of the ones built from `env` (tests: a throwaway database, a captured log). */
export interface ServiceOverrides {
  database?: DatabaseHandle;
  logger?: Logger;
  mailer?: Mailer;
  hashQueue?: HashQueue;
  clock?: Clock;
}

/**
 * The one assembler of the services: opens the database, applies pending migrations, seeds an
 * empty database and builds everything a request may use. main.ts, dev.ts and the tests call it.
 */
export async function startServices(env: Env, overrides: ServiceOverrides = {}): Promise<AppServices> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const database = overrides.database ?? openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const uploadsDir = path.join(env.DATA_DIR, "uploads");
  try {
    const applied = await migrateToLatest(database);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
    const seed = await seedDatabase(database.db, { uploadsDir });
    if (seed.seeded) logger.info({ books: seed.books, orders: seed.orders }, "demo catalogue seeded");
    await ensureOwnerIsAdmin(database.db, env.OWNER_EMAIL);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, logger });
  const hashQueue = overrides.hashQueue ?? new HashQueue();
  return {
    env,
    clock: overrides.clock ?? (() => new Date()),
    lifecycle: { draining: false },
    database,
    db: database.db,
    logger,
    uploadsDir,
    rateLimits: createRateLimits(),
    mailer,
    auth: createAuth({ env, database, mailer, logger, hashQueue }),
    authLimits: createAuthLimits(),
    hashQueue,
    ownerSetup: new OwnerSetup((await countAdmins(database.db)) === 0),
    subscriberExportLock: new ExportLock(),
    orderExportLock: new ExportLock(),
    bookExportLock: new ExportLock(),
    bookImportLock: new ExportLock(),
  };
}
