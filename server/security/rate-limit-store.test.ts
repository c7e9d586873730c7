import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { isDatabaseUnavailable } from "#server/db/database-errors.ts";
import { openDatabase } from "#server/db/database.ts";
import { capturedLogger } from "#tests/support/captured-logger.ts";
import { openSharedStores } from "#tests/support/rate-limit-stores.ts";
import { startTcpProxy } from "#tests/support/tcp-proxy.ts";
import { GrowingDelay } from "./growing-delay.ts";
import { openDatabaseRateLimitStore, openRedisRateLimitStore } from "./rate-limit-store.ts";
import { RateLimiter } from "./rate-limiter.ts";

// A count that waited for Redis would wait out its 1 s command timeout: a few of those outlast this test's timeout.
it("keeps counting in this process while Redis is unreachable, quickly, and says so once", async () => {
  const { logger, lines } = capturedLogger();
  // A cut proxy resets every connection at once (nothing reaches port 1 behind it): Redis unreachable,
  // and each of the client's reconnection attempts counted.
  const unreachable = await startTcpProxy({ host: "127.0.0.1", port: 1 });
  unreachable.cut();
  const url = `redis://127.0.0.1:${unreachable.port}`;
  const store = await openRedisRateLimitStore({ url, logger, connectTimeoutMs: 500 });
  try {
    const limiter = new RateLimiter(store, { name: "contact", limit: 3, windowMs: 60_000 });
    expect(await Promise.all([1, 2, 3].map(() => limiter.consume("client")))).toEqual([0, 0, 0]);
    expect(await limiter.consume("client")).toBe(60);
    expect(await limiter.peek("client")).toBe(60);
    const delay = new GrowingDelay(store, { name: "guesses", freeFailures: 1 });
    await delay.fail("anna");
    await delay.fail("anna");
    expect(await delay.admit("anna")).toBe(1);
    // Two reconnection attempts after the first failure, each refused: the log still says it once.
    await expect.poll(() => unreachable.refused(), { timeout: 4_000 }).toBeGreaterThanOrEqual(3);
    const warnings = lines.filter((line) => String(line.msg).includes("Redis is unreachable"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40 });
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  } finally {
    await store.close();
    await unreachable.close();
  }
}, 5_000);

it.skipIf(!process.env.TEST_REDIS_URL)(
  "falls back to this process's memory when Redis goes away mid-flight, and shares again once it is back",
  async () => {
    const target = new URL(process.env.TEST_REDIS_URL!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const { logger, lines } = capturedLogger();
    const url = `redis://127.0.0.1:${proxy.port}`;
    const keyPrefix = `test-${process.pid}-${Date.now()}:`;
    const stores = [
      await openRedisRateLimitStore({ url, logger, keyPrefix }),
      await openRedisRateLimitStore({ url, logger: capturedLogger().logger, keyPrefix }),
    ];
    try {
      const [first, second] = stores.map(
        (store) => new RateLimiter(store, { name: "contact", limit: 2, windowMs: 60_000 }),
      );
      expect(await first!.consume("client")).toBe(0);
      expect(await second!.consume("client")).toBe(0);
      expect(await first!.consume("client")).toBe(60);

      proxy.cut();
      const unreachable = () => lines.some((line) => String(line.msg).includes("Redis is unreachable"));
      await expect.poll(unreachable, { timeout: 5_000 }).toBe(true);
      // Each instance counts on its own now, without asking Redis (the first test shows it does not wait).
      expect(await first!.consume("other")).toBe(0);
      expect(await first!.consume("other")).toBe(0);
      expect(await first!.consume("other")).toBe(60);
      expect(await second!.consume("other")).toBe(0);
      expect(lines.filter((line) => String(line.msg).includes("Redis is unreachable"))).toHaveLength(1);

      proxy.restore();
      await expect
        .poll(() => lines.some((line) => String(line.msg).includes("reachable again")), { timeout: 5_000 })
        .toBe(true);
      await expect.poll(() => second!.consume("client"), { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await proxy.close();
    }
  },
);

it("fails a count with a database-unavailable error when PostgreSQL cannot be reached (the server answers 503)", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-limits-"));
  const database = openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", dataDir });
  try {
    const limiter = new RateLimiter(openDatabaseRateLimitStore(database), {
      name: "contact",
      limit: 3,
      windowMs: 60_000,
    });
    const failure = await limiter.consume("client").catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const peek = await limiter.peek("client").catch((error: unknown) => error);
    expect(isDatabaseUnavailable(peek)).toBe(true);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it("clears counters whose window ended from the shared table, and keeps live ones", async () => {
  const shared = await openSharedStores("sqlite");
  try {
    const [store] = shared.stores;
    const limiter = new RateLimiter(store, { name: "contact", limit: 3, windowMs: 60_000 });
    await limiter.consume("live");
    await shared.testDb.handle.db
      .insertInto("rate_limits")
      .values({ key: "contact:gone", points: 3, expire: Date.now() - 120_000 })
      .execute();
    await store.clearExpired(Date.now() - 60_000);
    const keys = await shared.testDb.handle.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((row) => row.key)).toEqual(["contact:live"]);
  } finally {
    await shared.cleanup();
  }
});

it("counts on SQLite without syncing each count to disk, and leaves the shop's FULL setting in place", async () => {
  const shared = await openSharedStores("sqlite");
  try {
    const { native } = shared.testDb.handle;
    if (native.engine !== "sqlite") throw new Error("expected SQLite");
    const limiter = new RateLimiter(shared.stores[0], { name: "contact", limit: 50, windowMs: 60_000 });
    const seen: number[] = [];
    const original = native.connection.prepare.bind(native.connection);
    native.connection.prepare = ((source: string) => {
      if (source.includes("rate_limits"))
        seen.push(native.connection.pragma("synchronous", { simple: true }) as number);
      return original(source);
    }) as typeof native.connection.prepare;
    await Promise.all(Array.from({ length: 5 }, () => limiter.consume("client")));
    native.connection.prepare = original;
    // 1 is NORMAL (no fsync per commit), 2 is FULL.
    expect(seen).toEqual([1, 1, 1, 1, 1]);
    expect(native.connection.pragma("synchronous", { simple: true })).toBe(2);
    expect(await limiter.peek("client")).toBe(0);
  } finally {
    await shared.cleanup();
  }
});
