import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { openSharedStores, TEST_STORE_KINDS, type SharedStores } from "#tests/support/rate-limit-stores.ts";
import { RateLimiter } from "./rate-limiter.ts";

// Windows running out are what some of these tests test: `passTime` moves the store's clock on
// (rate-limiter-flexible takes none; tests/support/rate-limit-stores.ts).
describe.each(TEST_STORE_KINDS)("a rate limit in the %s store", (kind) => {
  const [shared, setShared] = useFixtureSetByTests<SharedStores>();

  it("allows the limit per window and per key, then says how long to wait", async () => {
    setShared(await openSharedStores(kind));
    const limiter = new RateLimiter(shared.stores[0], { name: "test", limit: 3, windowMs: 60_000 });
    expect(await Promise.all([1, 2, 3].map(() => limiter.consume("a")))).toEqual([0, 0, 0]);
    expect(await limiter.consume("a")).toBe(60);
    expect(await limiter.peek("a")).toBe(60);
    expect(await limiter.consume("b")).toBe(0);
    expect(await limiter.peek("b")).toBe(0);
  });

  it("counts every instance's attempts together, under the limit's own name", async () => {
    setShared(await openSharedStores(kind));
    const [first, second] = shared.stores.map(
      (store) => new RateLimiter(store, { name: "shared", limit: 5, windowMs: 60_000 }),
    );
    const other = new RateLimiter(shared.stores[1], { name: "other", limit: 5, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(await first!.consume("client")).toBe(0);
    for (let i = 0; i < 2; i++) expect(await second!.consume("client")).toBe(0);
    expect(await first!.peek("client")).toBeGreaterThan(0);
    expect(await second!.consume("client")).toBeGreaterThan(0);
    expect(await other.consume("client")).toBe(0);
  });

  it("never lets more than the limit through when instances hit it at the same moment", async () => {
    setShared(await openSharedStores(kind));
    const limiters = shared.stores.map(
      (store) => new RateLimiter(store, { name: "race", limit: 10, windowMs: 60_000 }),
    );
    const waits = await Promise.all(Array.from({ length: 30 }, (_, i) => limiters[i % 2]!.consume("client")));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
  });

  it("counts several points at once, keeps none of a refused count, and gives points back", async () => {
    setShared(await openSharedStores(kind));
    const [first, second] = shared.stores.map(
      (store) => new RateLimiter(store, { name: "items", limit: 300, windowMs: 60_000 }),
    );
    expect(await first!.consumePoints("client", 200)).toBe(0);
    expect(await second!.consumePoints("client", 150)).toBe(60);
    // The refused 150 left nothing behind: 100 still fit, and the limit is reached.
    expect(await second!.consumePoints("client", 100)).toBe(0);
    expect(await first!.peek("client")).toBe(60);
    expect(await first!.consumePoints("client", 1)).toBe(60);
    await second!.giveBack("client", 100);
    expect(await first!.peek("client")).toBe(0);
    expect(await first!.consumePoints("client", 100)).toBe(0);
    expect(await first!.consumePoints("client", 1)).toBe(60);
  });

  it("gives back nothing beyond the limit once the counted window has ended, or for a key never counted", async () => {
    setShared(await openSharedStores(kind));
    const limiter = new RateLimiter(shared.stores[0], { name: "late", limit: 10, windowMs: 1_000 });
    expect(await limiter.consumePoints("client", 10)).toBe(0);
    await shared.passTime(1_100);
    await limiter.giveBack("client", 10);
    await limiter.giveBack("stranger", 10);
    for (const key of ["client", "stranger"]) {
      expect(await limiter.consumePoints(key, 10)).toBe(0);
      expect(await limiter.consumePoints(key, 1)).toBe(1);
    }
  });

  it("starts a new window once the old one ends", async () => {
    setShared(await openSharedStores(kind));
    const limiter = new RateLimiter(shared.stores[0], { name: "short", limit: 1, windowMs: 1_000 });
    expect(await limiter.consume("a")).toBe(0);
    expect(await limiter.consume("a")).toBe(1);
    await shared.passTime(500);
    expect(await limiter.peek("a")).toBe(1);
    expect(await limiter.consume("a")).toBe(1);
    await shared.passTime(600);
    expect(await limiter.peek("a")).toBe(0);
    expect(await limiter.consume("a")).toBe(0);
  });
});

it("refuses durations a store cannot keep (Redis counts whole seconds)", async () => {
  const shared = await openSharedStores("sqlite");
  try {
    expect(() => new RateLimiter(shared.stores[0], { name: "odd", limit: 1, windowMs: 1_500 })).toThrow(
      /whole number of seconds/,
    );
  } finally {
    await shared.cleanup();
  }
});
