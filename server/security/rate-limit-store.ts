import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { DatabaseHandle } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";

/** The table migration 0008 creates; the library's own create-table stays off. */
export const RATE_LIMITS_TABLE = "rate_limits";

export interface LimitOptions {
  /** Names the limit's keys in the shared table or keyspace (`<prefix><name>:<key>`). */
  name: string;
  points: number;
  /** Whole seconds: Redis keeps expiries in seconds. */
  durationSeconds: number;
}

/**
 * Where every rate limit counts (decision 0011): the shop's database, or Redis when `REDIS_URL`
 * is set. Every instance on the same store shares every count; the stores' updates are atomic
 * (one upsert … returning per hit, a Lua script on Redis).
 */
export interface RateLimitStore {
  readonly kind: "sqlite" | "postgres" | "redis";
  /** A limiter of rate-limiter-flexible over this store. */
  limiter(options: LimitOptions): RateLimiterAbstract;
  /** Deletes counters that expired before `beforeMs` (epoch ms); Redis expires its own keys. */
  clearExpired(beforeMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counters in the shop's own database (PostgreSQL: on our pool; SQLite: on our connection).
 * The library's clean-up timers are off: one background job clears the shared table instead
 * (its job in server/jobs/job-list.ts), rather than one timer per limit.
 */
export function openDatabaseRateLimitStore(
  database: DatabaseHandle,
  options: { keyPrefix?: string } = {},
): RateLimitStore {
  const keyPrefix = options.keyPrefix ?? "";
  const { native } = database;
  const common = { tableName: RATE_LIMITS_TABLE, tableCreated: true, clearExpiredByTimeout: false };
  const sqliteClient = native.engine === "sqlite" ? serializedSqliteClient(database.db, native.connection) : null;
  return {
    kind: native.engine,
    limiter({ name, points, durationSeconds }) {
      assertWholeSeconds(durationSeconds);
      const base = { ...common, keyPrefix: `${keyPrefix}${name}`, points, duration: durationSeconds };
      return native.engine === "postgres"
        ? new RateLimiterPostgres({ ...base, storeClient: native.pool, storeType: "pool" })
        : new RateLimiterSQLite({ ...base, storeClient: sqliteClient, storeType: "knex" });
    },
    async clearExpired(beforeMs) {
      await database.db.deleteFrom("rate_limits").where("expire", "<", beforeMs).execute();
    },
    // The database belongs to the shop; it closes it.
    async close() {},
  };
}

/**
 * Hands the library our one better-sqlite3 connection through Kysely's connection lock, dressed
 * as the Knex client it accepts. Written straight to the connection, a count would land inside
 * whatever transaction another request holds open at that moment and vanish if that one rolled
 * back; through the lock it waits for the transaction to end, like every other query.
 *
 * While it holds the connection, commits are not synced to disk (`synchronous = NORMAL`; the
 * shop's own setting, FULL, is put back on release): better-sqlite3 blocks the event loop for
 * each fsync (about 4 ms on a busy disk against 0.2 ms without), a sign-in makes several counts,
 * and a counter lost to a power cut costs nothing. The next synced commit syncs these too.
 */
function serializedSqliteClient(db: Kysely<Database>, connection: SQLite.Database) {
  // Kysely's lock lets one holder at a time, so one release function is all there is to keep.
  let release: (() => void) | undefined;
  const shopSynchronous = connection.pragma("synchronous", { simple: true }) as number;
  let lowered = false;
  return {
    raw() {
      throw new Error("not used: the limiter queries the connection it acquires");
    },
    client: {
      config: { client: "better-sqlite3" },
      acquireConnection(): Promise<SQLite.Database> {
        return new Promise((resolve, reject) => {
          db.connection()
            .execute(
              () =>
                new Promise<void>((done) => {
                  release = done;
                  // SQLite refuses the change inside a transaction (better-auth's own builder has a lock of its own).
                  if (!connection.inTransaction) {
                    connection.pragma("synchronous = NORMAL");
                    lowered = true;
                  }
                  resolve(connection);
                }),
            )
            .catch(reject);
        });
      },
      releaseConnection() {
        // Inside a transaction (one begun meanwhile) the setting stays until the next release.
        if (lowered && !connection.inTransaction) {
          connection.pragma(`synchronous = ${shopSynchronous}`);
          lowered = false;
        }
        const done = release;
        release = undefined;
        done?.();
      },
    },
  };
}

export interface RedisStoreOptions {
  url: string;
  logger: Logger;
  /** Prepended to every key, so the shop can share a Redis with others (tests: one per test). */
  keyPrefix?: string;
  /** How long start-up waits for the first connection before serving with the fallback. */
  connectTimeoutMs?: number;
}

/**
 * Counters in Redis. While Redis cannot be reached every limiter counts in this process's memory
 * instead (the library's `insuranceLimiter`): limits keep holding per instance, requests neither
 * fail nor wait. The outage is logged once, and its end once.
 */
export async function openRedisRateLimitStore(options: RedisStoreOptions): Promise<RateLimitStore> {
  const { logger } = options;
  const keyPrefix = options.keyPrefix ?? "little-scrolls:rl:";
  const connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
  // ioredis is loaded only with REDIS_URL: without it, memory held for nothing.
  const { Redis } = await import("ioredis");
  const client = new Redis(options.url, {
    // Fail at once while disconnected (the fallback counts), never queue a request behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: connectTimeoutMs,
    // A Redis that accepts but does not answer must not hold requests either.
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  let unreachable = false;
  client.on("error", (error: Error) => {
    if (unreachable) return;
    unreachable = true;
    logger.warn(
      { reason: error.message },
      "Redis is unreachable: rate limits are counted in each instance's memory until it is back",
    );
  });
  client.on("ready", () => {
    if (!unreachable) return;
    unreachable = false;
    logger.info("Redis is reachable again: rate limits are shared again");
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, connectTimeoutMs);
    client.once("ready", done);
    client.once("error", done);
    function done() {
      clearTimeout(timer);
      client.off("ready", done);
      client.off("error", done);
      resolve();
    }
  });
  return {
    kind: "redis",
    limiter({ name, points, durationSeconds }) {
      assertWholeSeconds(durationSeconds);
      const limit = { keyPrefix: `${keyPrefix}${name}`, points, duration: durationSeconds };
      return new RateLimiterRedis({
        ...limit,
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(limit),
      });
    },
    async clearExpired() {},
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The database by default; Redis when `REDIS_URL` is set. */
export async function openRateLimitStore(options: {
  redisUrl: string | undefined;
  database: DatabaseHandle;
  logger: Logger;
}): Promise<RateLimitStore> {
  if (options.redisUrl) return openRedisRateLimitStore({ url: options.redisUrl, logger: options.logger });
  return openDatabaseRateLimitStore(options.database);
}

function assertWholeSeconds(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new Error(`A limit's duration must be a whole number of seconds (got ${seconds})`);
  }
}
