import { Writable } from "node:stream";
import { lazyAuth, type GetAuth } from "#server/accounts/lazy-auth.ts";
import { createAuthLimits, type AuthLimits } from "#server/accounts/auth-limits.ts";
import { loadEnv } from "#server/config/env.ts";
import { createBackgroundTasks, type BackgroundTasks } from "#server/jobs/background-tasks.ts";
import { HashQueue } from "#server/security/hash-queue.ts";
import { openDatabaseRateLimitStore } from "#server/security/rate-limit-store.ts";
import { createLogger, type Logger } from "#server/logging/logger.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.ts";
import type { Clock } from "#server/services.ts";
import type { TestDatabase } from "./test-database.ts";

/** better-auth over a test database, as the server builds it, with the mail kept in DATA_DIR/mail. */
export function createTestAuth(
  testDb: TestDatabase,
  env: Record<string, string> = {},
  hashQueue = new HashQueue(),
): {
  getAuth: GetAuth;
  authLimits: AuthLimits;
  mailer: Mailer;
  logger: Logger;
  db: TestDatabase["handle"]["db"];
  clock: Clock;
  hashQueue: HashQueue;
  env: ReturnType<typeof loadEnv>;
  backgroundTasks: BackgroundTasks;
} {
  const config = loadEnv({ DATA_DIR: testDb.dataDir, NODE_ENV: "test", APP_SECRET: "a".repeat(40), ...env });
  const logger = createLogger("silent", new Writable({ write: (_c, _e, cb) => cb() }));
  const mailer = createMailer({ dataDir: testDb.dataDir, logger });
  const backgroundTasks = createBackgroundTasks(logger);
  return {
    getAuth: lazyAuth({ env: config, database: testDb.handle, mailer, logger, hashQueue, backgroundTasks }),
    backgroundTasks,
    authLimits: createAuthLimits(openDatabaseRateLimitStore(testDb.handle)),
    mailer,
    logger,
    db: testDb.handle.db,
    clock: () => new Date(),
    hashQueue,
    env: config,
  };
}
