import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { OrderLockBusyError, withPayPalOrderLock, type OrderLockDeps } from "./paypal-order-lock.ts";

/**
 * A turn on `orderId`'s lock that holds it until the test calls `finish`, then runs `rest`:
 * `started` settles once the turn holds the lock, `holding` with what `rest` returns.
 */
function heldTurn<T>(deps: OrderLockDeps, orderId: string, rest: () => T | Promise<T>) {
  let holderStarted!: () => void;
  const started = new Promise<void>((resolve) => (holderStarted = resolve));
  let finishHolder!: () => void;
  const holding = withPayPalOrderLock(deps, orderId, async () => {
    holderStarted();
    await new Promise<void>((resolve) => (finishHolder = resolve));
    return rest();
  });
  return { started, holding, finish: () => finishHolder() };
}

describe.each(TEST_ENGINES)("the PayPal order lock on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("runs one caller at a time per order, others at once, and gives up after the wait", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = { db: testDb.handle.db, database: testDb.handle };
    const log: string[] = [];
    // ORD-A's turns hold until let go: who runs beside whom is what is tested, not how long each takes.
    let letGo!: () => void;
    const holding = new Promise<void>((resolve) => (letGo = resolve));
    let enteredA!: () => void;
    const oneEnteredA = new Promise<void>((resolve) => (enteredA = resolve));
    const turn = (orderId: string, name: string, hold?: Promise<void>) =>
      withPayPalOrderLock(deps, orderId, async () => {
        log.push(`${name} in`);
        if (hold) {
          enteredA();
          await hold;
        }
        log.push(`${name} out`);
        return name;
      });
    const orderATurns = [turn("ORD-A", "first", holding), turn("ORD-A", "second", holding)];
    await oneEnteredA;
    // ORD-B runs meanwhile; a caller that waits at most 100 ms for ORD-A gives up; the other turn
    // had as long to get in beside the one inside, and did not.
    const otherTurn = turn("ORD-B", "other");
    expect(await otherTurn).toBe("other");
    await expect(withPayPalOrderLock(deps, "ORD-A", async () => "late", { waitMs: 100 })).rejects.toBeInstanceOf(
      OrderLockBusyError,
    );
    expect(log).toEqual([expect.stringMatching(/^(first|second) in$/), "other in", "other out"]);
    letGo();
    expect(await Promise.all([...orderATurns, otherTurn])).toEqual(["first", "second", "other"]);
    // ORD-A's two turns never overlap (whichever came first); ORD-B ran meanwhile.
    const orderA = log.filter((line) => !line.startsWith("other"));
    expect(orderA.map((line) => line.split(" ")[1])).toEqual(["in", "out", "in", "out"]);
    expect(orderA[0]!.split(" ")[0]).toBe(orderA[1]!.split(" ")[0]);
    expect(log.indexOf("other out")).toBeLessThan(log.indexOf(orderA.at(-1)!));

    // A thrown turn frees the order for the next.
    await expect(withPayPalOrderLock(deps, "ORD-C", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withPayPalOrderLock(deps, "ORD-C", async () => "after")).toBe("after");
  });

  it("still keeps the next caller out while the holder works after a waiter gave up", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = { db: testDb.handle.db, database: testDb.handle };
    let holderDone = false;
    const { started, holding, finish } = heldTurn(deps, "ORD-D", () => {
      holderDone = true;
    });
    await started;
    await expect(withPayPalOrderLock(deps, "ORD-D", async () => "gave up", { waitMs: 60 })).rejects.toBeInstanceOf(
      OrderLockBusyError,
    );
    const next = withPayPalOrderLock(deps, "ORD-D", async () => holderDone);
    finish();
    await holding;
    expect(await next).toBe(true);
  });

  it("waits without holding a pooled connection, so the holder's own queries still run", async () => {
    setTestDb(await createTestDatabase(engine));
    const deps = { db: testDb.handle.db, database: testDb.handle };
    // The locked work's queries go through the pool, as a settle's do.
    const { started, holding, finish } = heldTurn(
      deps,
      "ORD-E",
      async () =>
        (
          await deps.db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
    );
    await started;
    // More waiters than the pool has connections.
    const waiters = Array.from({ length: 15 }, () => withPayPalOrderLock(deps, "ORD-E", async () => "waited"));
    finish();
    expect(Number(await holding)).toBeGreaterThanOrEqual(0);
    expect(await Promise.all(waiters)).toEqual(Array.from({ length: 15 }, () => "waited"));
  });
});
