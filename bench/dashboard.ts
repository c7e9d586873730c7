// The admin dashboard's figures with 100,000 orders (two years, two lines each) and 10,000 books,
// on each engine: the loader's queries, timed as the dashboard runs them. Used by bench/run.ts.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { getDashboardStats } from "#server/dashboard/dashboard-stats.ts";
import { getSalesOverview } from "#server/dashboard/sales-overview.ts";
import type { DatabaseEngine, DatabaseHandle } from "#server/db/database.ts";
import type { OrderStatus } from "#server/db/schema.ts";
import type { PaymentStatus } from "#common/orders/payment-status.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { benchOrderId, fillInBatches, insertBenchOrders, withBenchDatabase } from "./bench-database.ts";
import { percentile } from "./percentile.ts";

const ORDERS = 100_000;
const BOOKS = 10_000;
const BATCH = 500;
const SPAN_MS = 730 * 24 * 60 * 60 * 1000;

export interface DashboardFigures {
  p50: number;
  p95: number;
}

export async function fillDashboardOrders(handle: DatabaseHandle, now: number): Promise<void> {
  const { db } = handle;
  const created = new Date(now - SPAN_MS).toISOString();
  for (let start = 0; start < BOOKS; start += BATCH) {
    await db
      .insertInto("books")
      .values(
        Array.from({ length: BATCH }, (_, k) =>
          bookRow(start + k, {
            id: `bench-book-${start + k}`,
            price_cents: 1250,
            stock: (start + k) % 50,
            created_at: created,
            updated_at: created,
          }),
        ),
      )
      .execute();
  }
  /** Order `i`'s line at `position`: `quantity` copies of bench book `book`, at 12.50. */
  const line = (i: number, book: number, quantity: number, position: number) => ({
    id: randomUUID(),
    order_id: benchOrderId(i),
    book_id: `bench-book-${book}`,
    title: `Bench Book ${book}`,
    unit_price_cents: 1250,
    quantity,
    position,
  });
  // Spread evenly over two years, newest last; most are long delivered, the newest still wait.
  const date = (i: number) => new Date(now - SPAN_MS + Math.floor((i / ORDERS) * SPAN_MS)).toISOString();
  const status = (i: number): OrderStatus => (i > ORDERS - 300 ? "Pending" : i % 40 === 0 ? "Cancelled" : "Delivered");
  const payment = (i: number): PaymentStatus =>
    i % 40 === 0 ? "voided" : i % 25 === 0 ? "partially_refunded" : "paid";
  await fillInBatches(db, { count: ORDERS, size: BATCH }, async (trx, range) => {
    await insertBenchOrders(trx, range, (i) => ({
      order_date: date(i),
      customer_email: `reader${i % 5000}@example.com`,
      subtotal_cents: 3750,
      shipping_cents: 599,
      total_cents: 4349,
      currency: "USD",
      status: status(i),
      payment_method: "card" as const,
      payment_status: payment(i),
      amount_paid_cents: 4349,
      amount_refunded_cents: payment(i) === "partially_refunded" ? 500 : 0,
      estimated_delivery: null,
      updated_at: date(i),
    }));
    await trx
      .insertInto("order_items")
      .values(range.flatMap((i) => [line(i, (i * 7919) % BOOKS, 1, 0), line(i, (i * 104729) % BOOKS, 2, 1)]))
      .execute();
  });
}

export function measureDashboard(engine: DatabaseEngine): Promise<DashboardFigures> {
  return withBenchDatabase(engine, "dashboard", async (handle) => {
    const now = Date.now();
    await fillDashboardOrders(handle, now);
    // Fresh planner statistics, as autovacuum would have them for a table that grew over time.
    if (engine === "postgres") await sql`analyze`.execute(handle.db);
    const deps = { db: handle.db, database: handle, clock: () => new Date(now) };
    const load = () => Promise.all([getDashboardStats({ db: handle.db }), getSalesOverview(deps)]);
    for (let i = 0; i < 3; i++) await load(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await load();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  });
}
