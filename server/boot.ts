import { existsSync } from "node:fs";
import path from "node:path";
import { createAuthLimits } from "./accounts/auth-limits.ts";
import { lazyAuth } from "./accounts/lazy-auth.ts";
import { ensureOwnerIsAdmin, OwnerSetup } from "./accounts/owner-setup.ts";
import { ConfigError, loadEnv, type Env } from "./config/env.ts";
import type { CoverStore } from "./covers/cover-store.ts";
import { DatabaseCoverStore } from "./covers/database-cover-store.ts";
import type { BucketOptions } from "./covers/bucket-client.ts";
import { DatabasePrivateFileStore, type PrivateFileStore } from "./files/private-file-store.ts";
import { makeMissingCoverVariants } from "./covers/make-missing-cover-variants.ts";
import { moveFileCoversIn } from "./covers/move-file-covers-in.ts";
import { openDatabase, type DatabaseHandle } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { chooseLogFormat, createLogger, type Logger } from "./logging/logger.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { createPaymentProviders } from "./payments/payment-providers.ts";
import { seedDatabase } from "./seed/seed-database.ts";
import { HashQueue } from "./security/hash-queue.ts";
import { openRateLimitStore, type RateLimitStore } from "./security/rate-limit-store.ts";
import { createRateLimits } from "./security/rate-limits.ts";
import type { AppServices, Clock } from "./services.ts";
import { ExportLock } from "#server/csv/export-lock.ts";
import {
  DatabaseCertificateFileStore,
  type CertificateFileStore,
} from "#server/tax-exemptions/certificate-file-store.ts";
import { createBackgroundTasks } from "./jobs/background-tasks.ts";

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
  rateLimitStore?: RateLimitStore;
}

/**
 * The one assembler of the services: opens the database, applies pending migrations, seeds an
 * empty database and builds everything a request may use. main.ts, dev.ts and the tests call it.
 */
export async function startServices(env: Env, overrides: ServiceOverrides = {}): Promise<AppServices> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL, undefined, chooseLogFormat(env.LOG_FORMAT));
  const clock = overrides.clock ?? (() => new Date());
  const database = overrides.database ?? openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const uploadsDir = path.join(env.DATA_DIR, "uploads");
  const covers = await createCoverStore(env, database);
  const privateFiles = await createPrivateFileStore(env, database);
  try {
    const applied = await migrateToLatest(database);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
    await moveFileCoversIn({ db: database.db, covers, logger, clock, uploadsDir });
    await makeMissingCoverVariants({ db: database.db, database, covers, logger });
    // A live shop gets the catalogue and settings only: the sample orders' made-up customers and
    // guessable ids are for development and tests (`npm run db:seed -- --demo` seeds them anyway).
    const seed = await seedDatabase(
      { db: database.db, clock, covers },
      { sampleOrders: env.NODE_ENV !== "production" },
    );
    if (seed.seeded) logger.info({ books: seed.books, orders: seed.orders }, "demo catalogue seeded");
    await ensureOwnerIsAdmin({ db: database.db, clock }, { ownerEmail: env.OWNER_EMAIL });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, logger });
  const hashQueue = overrides.hashQueue ?? new HashQueue();
  const backgroundTasks = createBackgroundTasks(logger);
  const rateLimitStore =
    overrides.rateLimitStore ?? (await openRateLimitStore({ redisUrl: env.REDIS_URL, database, logger }));
  return {
    env,
    clock,
    lifecycle: { draining: false },
    database,
    db: database.db,
    logger,
    covers,
    taxCertificateFiles: await createCertificateFileStore(env, database),
    privateFiles,
    uploadsDir,
    rateLimitStore,
    rateLimits: createRateLimits(rateLimitStore),
    mailer,
    paymentProviders: createPaymentProviders({ db: database.db, env, logger }),
    backgroundTasks,
    getAuth: lazyAuth({ env, database, mailer, logger, hashQueue, backgroundTasks }),
    authLimits: createAuthLimits(rateLimitStore),
    hashQueue,
    ownerSetup: await OwnerSetup.start({ db: database.db, clock }),
    subscriberExportLock: new ExportLock(),
    orderExportLock: new ExportLock(),
    bookExportLock: new ExportLock(),
    bookImportLock: new ExportLock(),
  };
}

/** The database by default; an S3-compatible bucket when COVERS_S3_BUCKET is set (decision 10). */
export async function createCoverStore(env: Env, database: DatabaseHandle): Promise<CoverStore> {
  const bucket = bucketOptions(env);
  if (!bucket) return new DatabaseCoverStore(database.db);
  // The AWS SDK is loaded only for a bucket: without one it would be memory held for nothing.
  const { BucketCoverStore } = await import("./covers/bucket-cover-store.ts");
  return new BucketCoverStore(bucket);
}

/** Where tax certificate files go: where covers go, under a private prefix of their own (decision 30). */
export async function createCertificateFileStore(env: Env, database: DatabaseHandle): Promise<CertificateFileStore> {
  const bucket = bucketOptions(env);
  if (!bucket) return new DatabaseCertificateFileStore(database.db);
  const { BucketCertificateFileStore } = await import("./tax-exemptions/bucket-certificate-file-store.ts");
  return new BucketCertificateFileStore(bucket);
}

/** Where covers are, private files are (decision 32): the database, or the same bucket. */
export async function createPrivateFileStore(env: Env, database: DatabaseHandle): Promise<PrivateFileStore> {
  const bucket = bucketOptions(env);
  if (!bucket) return new DatabasePrivateFileStore(database.db);
  const { BucketPrivateFileStore } = await import("./files/bucket-private-file-store.ts");
  return new BucketPrivateFileStore(bucket);
}

function bucketOptions(env: Env): BucketOptions | null {
  if (!env.COVERS_S3_BUCKET) return null;
  return {
    bucket: env.COVERS_S3_BUCKET,
    prefix: env.COVERS_S3_PREFIX,
    region: env.COVERS_S3_REGION,
    endpoint: env.COVERS_S3_ENDPOINT,
    forcePathStyle: env.COVERS_S3_FORCE_PATH_STYLE,
    credentials:
      env.COVERS_S3_ACCESS_KEY_ID && env.COVERS_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.COVERS_S3_ACCESS_KEY_ID, secretAccessKey: env.COVERS_S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
