import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { openSharedStores, TEST_STORE_KINDS, type SharedStores } from "#tests/support/rate-limit-stores.ts";
import { GrowingDelay } from "./growing-delay.ts";

// Waits running out are what these tests test: `passTime` moves the store's clock on
// (rate-limiter-flexible takes none; tests/support/rate-limit-stores.ts).

it("doubles the wait per failure past the free ones, up to its cap", () => {
  const delay = { freeFailures: 3, maxDelayMs: 8_000 };
  const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((failures) =>
    GrowingDelay.prototype.delayMs.call(delay as GrowingDelay, failures),
  );
  expect(waits).toEqual([0, 0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
});

describe.each(TEST_STORE_KINDS)("the growing delay in the %s store", (kind) => {
  const [shared, setShared] = useFixtureSetByTests<SharedStores>();

  it("lets the free failures through, then one try per wait, the wait growing with each failure on any instance", async () => {
    setShared(await openSharedStores(kind));
    const [first, second] = shared.stores.map(
      (store) => new GrowingDelay(store, { name: "guesses", freeFailures: 2, maxDelayMs: 2_000 }),
    );
    for (let i = 0; i < 2; i++) {
      expect(await first!.admit("anna")).toBe(0);
      await first!.fail("anna");
    }
    // The third try (past the free failures) takes the slot: tries meanwhile wait, on either instance.
    expect(await second!.admit("anna")).toBe(0);
    expect(await first!.admit("anna")).toBe(1);
    await second!.fail("anna");
    expect(await first!.admit("anna")).toBe(1);
    await shared.passTime(1_050);
    expect(await first!.admit("anna")).toBe(0);
    await first!.fail("anna");
    expect(await second!.admit("anna")).toBe(2);
    expect(await second!.admit("ben")).toBe(0);
    await shared.passTime(2_050);
    // Capped: the next failure still waits 2 s, never longer, and a success clears nothing.
    expect(await second!.admit("anna")).toBe(0);
    await second!.fail("anna");
    expect(await first!.admit("anna")).toBe(2);
  });

  it("lets exactly one of many simultaneous tries through a wait, whichever instance they reach", async () => {
    setShared(await openSharedStores(kind));
    const delays = shared.stores.map((store) => new GrowingDelay(store, { name: "guesses", freeFailures: 1 }));
    await delays[0]!.fail("anna");
    const waits = await Promise.all(Array.from({ length: 12 }, (_, i) => delays[i % 2]!.admit("anna")));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(1);
    expect(waits.filter((wait) => wait === 1)).toHaveLength(11);
  });

  it("forgets the failures after the quiet period, and each failure restarts it", async () => {
    setShared(await openSharedStores(kind));
    const delay = new GrowingDelay(shared.stores[0], {
      name: "guesses",
      freeFailures: 1,
      maxDelayMs: 1_000,
      forgetAfterMs: 2_000,
    });
    await delay.fail("anna");
    await shared.passTime(1_200);
    await delay.fail("anna");
    await shared.passTime(1_200);
    // 2.4 s after the first failure, 1.2 s after the last: both still count.
    expect(await delay.admit("anna")).toBe(0);
    expect(await delay.admit("anna")).toBe(1);
    await shared.passTime(2_100);
    expect(await delay.admit("anna")).toBe(0);
    expect(await delay.admit("anna")).toBe(0);
  });
});
