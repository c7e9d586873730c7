import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { DatabaseEngine } from "#server/db/database.ts";
import { openDatabase } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { capturedLogger } from "./captured-logger.ts";
import {
  openDatabaseRateLimitStore,
  openRedisRateLimitStore,
  type RateLimitStore,
} from "#server/security/rate-limit-store.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "./test-database.ts";

export type TestStoreKind = DatabaseEngine | "redis";

/**
 * The rate-limit stores every limit test runs on: the database engines of TEST_ENGINES, and Redis
 * when TEST_REDIS_URL points at one (.ci/run sets it).
 */
export const TEST_STORE_KINDS: TestStoreKind[] = [
  ...TEST_ENGINES,
  ...(process.env.TEST_REDIS_URL ? ["redis" as const] : []),
];

export interface SharedStores {
  /** Two stores as two instances see the same shared one: each with its own connection. */
  stores: [RateLimitStore, RateLimitStore];
  /** The database both instances use (for Redis: a SQLite one, which holds no counters). */
  testDb: TestDatabase;
  /** A second handle on the database, as a second instance opens it. */
  secondDatabase: TestDatabase["handle"];
  /** Moves the store's clock `ms` ahead for every instance on it (see `passRateLimitTime`). */
  passTime(ms: number): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * One fresh shared store seen through two connections, as by two instances: one database
 * (migrated) opened twice, or one Redis with a key prefix of this test's own.
 */
export async function openSharedStores(kind: TestStoreKind): Promise<SharedStores> {
  const testDb = await createTestDatabase(kind === "redis" ? "sqlite" : kind);
  const secondDatabase = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  let stores: [RateLimitStore, RateLimitStore];
  let keyPrefix: string | undefined;
  if (kind === "redis") {
    keyPrefix = `test-${randomBytes(6).toString("hex")}:`;
    const open = () =>
      openRedisRateLimitStore({ url: process.env.TEST_REDIS_URL!, logger: capturedLogger().logger, keyPrefix });
    stores = [await open(), await open()];
  } else {
    stores = [openDatabaseRateLimitStore(testDb.handle), openDatabaseRateLimitStore(secondDatabase)];
  }
  return {
    stores,
    testDb,
    secondDatabase,
    passTime: (ms) => (keyPrefix ? passRedisTime(`${keyPrefix}*`, ms) : passRateLimitTime(testDb.handle.db, ms)),
    async cleanup() {
      await Promise.all(stores.map((store) => store.close()));
      if (keyPrefix) await deleteRedisKeys(`${keyPrefix}*`);
      await secondDatabase.close();
      await testDb.cleanup();
    },
  };
}

/**
 * Moves the database store's clock `ms` ahead: every counter's window (and block) in the shared
 * table ends `ms` sooner, as if that much time had passed. rate-limiter-flexible takes no clock:
 * it compares each row's `expire` with Date.now(), and a row holds nothing else that ages, so this
 * is what waiting does, without the wait (decision 0011).
 */
export async function passRateLimitTime(db: Kysely<Database>, ms: number): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ expire: eb("expire", "-", ms) }))
    .where("expire", "is not", null)
    .execute();
}

/** The same on Redis, which expires its keys itself: each of the test's keys lives `ms` less (or goes). */
async function passRedisTime(pattern: string, ms: number): Promise<void> {
  const client = new Redis(process.env.TEST_REDIS_URL!);
  try {
    for await (const keys of client.scanStream({ match: pattern, count: 500 })) {
      for (const key of keys as string[]) {
        const left = await client.pttl(key);
        // -1: no expiry (a block for ever); -2: gone meanwhile.
        if (left < 0) continue;
        if (left <= ms) await client.del(key);
        else await client.pexpire(key, left - ms);
      }
    }
  } finally {
    await client.quit();
  }
}

/** Removes a test's own keys from the shared Redis (they would expire by themselves, up to 15 minutes later). */
async function deleteRedisKeys(pattern: string): Promise<void> {
  const client = new Redis(process.env.TEST_REDIS_URL!);
  try {
    for await (const keys of client.scanStream({ match: pattern, count: 500 })) {
      if ((keys as string[]).length > 0) await client.del(...(keys as string[]));
    }
  } finally {
    await client.quit();
  }
}
