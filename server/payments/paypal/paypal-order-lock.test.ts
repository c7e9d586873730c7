import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { OrderLockBusyError, withPayPalOrderLock } from "./paypal-order-lock.ts";

describe.each(TEST_ENGINES)("the PayPal order lock on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("runs one caller at a time per order, others at once, and gives up after the wait", async () => {
    testDb = await createTestDatabase(engine);
    const deps = { db: testDb.handle.db, database: testDb.handle };
    const log: string[] = [];
    const turn = (orderId: string, name: string, ms: number) =>
      withPayPalOrderLock(deps, orderId, async () => {
        log.push(`${name} in`);
        await pause(ms);
        log.push(`${name} out`);
        return name;
      });
    const results = await Promise.all([
      turn("ORD-A", "first", 150),
      turn("ORD-A", "second", 10),
      turn("ORD-B", "other", 10),
    ]);
    expect(results).toEqual(["first", "second", "other"]);
    // ORD-A's two turns never overlap (whichever came first); ORD-B ran meanwhile.
    const orderA = log.filter((line) => !line.startsWith("other"));
    expect(orderA.map((line) => line.split(" ")[1])).toEqual(["in", "out", "in", "out"]);
    expect(orderA[0]!.split(" ")[0]).toBe(orderA[1]!.split(" ")[0]);
    expect(log.indexOf("other out")).toBeLessThan(log.indexOf(orderA.at(-1)!));

    const holding = turn("ORD-C", "holder", 400);
    await pause(50);
    await expect(withPayPalOrderLock(deps, "ORD-C", async () => "late", { waitMs: 100 })).rejects.toBeInstanceOf(
      OrderLockBusyError,
    );
    await holding;
    // A thrown turn frees the order for the next.
    await expect(withPayPalOrderLock(deps, "ORD-C", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withPayPalOrderLock(deps, "ORD-C", async () => "after")).toBe("after");
  });
});
