// The database a bench fills and measures: its own, empty and migrated, thrown away after.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Insertable, Kysely, Transaction } from "kysely";
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { createThrowawayPostgresDatabase } from "#tests/support/test-database.ts";

/**
 * Runs `measure` on a migrated database of `engine` made for it (SQLite: a file in a temporary
 * directory named after `name`; PostgreSQL: a throwaway database on TEST_DATABASE_URL's server),
 * and drops the database afterwards, whether `measure` succeeds or throws.
 */
export async function withBenchDatabase<T>(
  engine: DatabaseEngine,
  name: string,
  measure: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-bench-${name}-`));
  const postgres = engine === "postgres" ? await createThrowawayPostgresDatabase() : null;
  const handle = openDatabase({ dataDir, databaseUrl: postgres?.url });
  try {
    await migrateToLatest(handle);
    return await measure(handle);
  } finally {
    await handle.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Hands `fill` the numbers 0 to `count` - 1, `size` at a time, each batch in a transaction of its own. */
export async function fillInBatches(
  db: Kysely<Database>,
  { count, size }: { count: number; size: number },
  fill: (trx: Transaction<Database>, range: number[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < count; start += size) {
    const range = Array.from({ length: Math.min(size, count - start) }, (_, k) => start + k);
    await db.transaction().execute((trx) => fill(trx, range));
  }
}

/** The id of the `i`th order a bench stores: `BENCH-000042`. */
export function benchOrderId(i: number): string {
  return `BENCH-${String(i).padStart(6, "0")}`;
}

/** Inserts the bench's orders numbered `range` (ids as benchOrderId gives them), each with the columns `columns` gives it. */
export async function insertBenchOrders(
  db: Kysely<Database>,
  range: number[],
  columns: (i: number) => Omit<Insertable<OrdersTable>, "id">,
): Promise<void> {
  await db
    .insertInto("orders")
    .values(range.map((i) => ({ id: benchOrderId(i), ...columns(i) })))
    .execute();
}
