import { createHash } from "node:crypto";
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export interface OrderLockDeps {
  db: Kysely<Database>;
}

/** How long a caller waits for another one's turn on the same order before giving up. */
export const ORDER_LOCK_WAIT_MS = 20_000;
const POLL_MS = 50;

/** Thrown when another request kept the order's lock for longer than ORDER_LOCK_WAIT_MS. */
export class OrderLockBusyError extends Error {
  override name = "OrderLockBusyError";
}

/**
 * Runs `work` while holding the PayPal lock of one shop order, so that the return page, the
 * webhook and the reconciliation job never ask PayPal to capture the same order at once, and
 * whichever comes second finds the order as the first left it. Not a database transaction: a
 * capture is a call to PayPal of up to 45 s, which must not hold a row lock (nor, on SQLite,
 * every write of the shop). PostgreSQL: a session-level advisory lock on one pooled connection,
 * taken with retries (it goes with the connection if the instance dies); SQLite, whose shop is
 * one process (db/instance-lock.ts): a queue per order in this process.
 */
export async function withPayPalOrderLock<T>(
  deps: OrderLockDeps,
  orderId: string,
  work: () => Promise<T>,
  { waitMs = ORDER_LOCK_WAIT_MS }: { waitMs?: number } = {},
): Promise<T> {
  // The engine as the connection's dialect says, so that any holder of `db` takes the same lock.
  if (deps.db.getExecutor().adapter instanceof PostgresAdapter) return withAdvisoryLock(deps.db, orderId, work, waitMs);
  return withProcessLock(orderId, work, waitMs);
}

async function withAdvisoryLock<T>(
  db: Kysely<Database>,
  orderId: string,
  work: () => Promise<T>,
  waitMs: number,
): Promise<T> {
  const key = lockKey(orderId);
  const deadline = Date.now() + waitMs;
  for (;;) {
    // Each try borrows a connection and gives it back at once when the lock is taken elsewhere:
    // waiters never sit on the pool, which the holder's own queries need.
    const outcome = await db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}::bigint) as locked`.execute(
        connection,
      );
      if (!rows[0]?.locked) return { held: false as const };
      try {
        return { held: true as const, value: await work() };
      } finally {
        await sql`select pg_advisory_unlock(${key}::bigint)`.execute(connection);
      }
    });
    if (outcome.held) return outcome.value;
    if (Date.now() >= deadline) throw new OrderLockBusyError(`order ${orderId} stayed locked`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The turn each order's lock is at in this process: the promise the next caller waits for. */
const queues = new Map<string, Promise<unknown>>();

async function withProcessLock<T>(orderId: string, work: () => Promise<T>, waitMs: number): Promise<T> {
  const before = queues.get(orderId) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const turn = before.then(() => mine);
  queues.set(orderId, turn);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      before,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new OrderLockBusyError(`order ${orderId} stayed locked`)), waitMs);
      }),
    ]);
  } catch (error) {
    // Given up: the next caller still waits for the holder, then for nothing of this one. The
    // queue keeps this turn, which ends with the holder's: forgetting it would let the next
    // caller run beside the holder.
    release();
    void turn.then(() => {
      if (queues.get(orderId) === turn) queues.delete(orderId);
    });
    throw error;
  } finally {
    clearTimeout(timer);
  }
  try {
    return await work();
  } finally {
    release();
    if (queues.get(orderId) === turn) queues.delete(orderId);
  }
}

/** A stable 63-bit key per order, apart from the jobs' keys. */
function lockKey(orderId: string): string {
  return createHash("sha256").update(`little-scrolls/paypal-order/${orderId}`).digest().readBigInt64BE(0).toString();
}
