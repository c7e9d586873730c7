// Order placement (server/checkout/place-order.ts) with 10,000 books and 100,000 orders already
// stored: latency of one order at a time, and orders per second with 8 buyers at once. Every
// order is a taxed one (Illinois at 6.25 %, decision 29): the tax step runs inside each; its
// second line reaches a quantity price break (decision 36) and it uses a discount code with a
// usage limit and a per-customer limit (decision 39): the code's conditional write and the
// customer's count run inside each too.
// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Used by bench/run.ts.
import { randomBytes, randomUUID } from "node:crypto";
import { checkoutSchema } from "#common/checkout/checkout-schema.ts";
import { placeOrder } from "#server/checkout/place-order.ts";
import type { DatabaseEngine, DatabaseHandle } from "#server/db/database.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { setTaxRates } from "#tests/support/tax-settings.ts";
import { discountCodeSchema } from "#common/discounts/discount-code-schema.ts";
import { saveDiscountCode } from "#server/discounts/save-discount-code.ts";
import { benchOrderId, fillInBatches, insertBenchOrders, withBenchDatabase } from "./bench-database.ts";
import { percentile } from "./percentile.ts";

const BOOKS = 10_000;
const ORDERS = 100_000;
const BATCH = 500;
const SEQUENTIAL = 300;
const CONCURRENT_ORDERS = 400;
const BUYERS = 8;

export interface OrderPlacementFigures {
  engine: DatabaseEngine;
  p50: number;
  p95: number;
  ordersPerSecond: number;
}

export function orderPlacementEngines(): DatabaseEngine[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export function measureOrderPlacement(engine: DatabaseEngine): Promise<OrderPlacementFigures> {
  return withBenchDatabase(engine, "orders", async (handle) => {
    await enableInvoicePayments(handle.db);
    await setTaxRates(handle.db, [{ place: "US-IL", rate: "6.25" }], { homeState: "IL" });
    const bookIds = await fill(handle);
    const method = await handle.db
      .selectFrom("shipping_methods")
      .select("id")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const deps = { db: handle.db, database: handle, clock: () => new Date(), env: { APP_SECRET: "b".repeat(40) } };
    await saveDiscountCode(
      deps,
      discountCodeSchema.parse({
        code: "BENCH-10",
        kind: "percent",
        percent: "10",
        appliesTo: "order",
        usageLimit: "1000000",
        perCustomerLimit: "1",
        active: "on",
      }),
    );
    let n = 0;
    const placeOne = () => {
      n += 1;
      const first = (n * 7919) % BOOKS;
      // A second, different book.
      const second = (first + 1 + ((n * 104729) % (BOOKS - 1))) % BOOKS;
      const items = `${bookIds[first]}:1,${bookIds[second]}:2`;
      const form = checkoutSchema.parse({
        checkoutToken: randomBytes(18).toString("base64url"),
        items,
        // The code as the page applied it; placeOrder checks it again (the page's amount is left
        // out, as a first visit's form without it: the measured step is placeOrder's own).
        discountCode: "bench-10",
        appliedDiscountCode: "BENCH-10",
        email: `buyer${n}@example.com`,
        fullName: "Bench Buyer",
        country: "US",
        street: "1 Main St",
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        shippingMethodId: method.id,
        paymentMethod: "invoice",
      });
      // Each order from a client of its own, as a shop's buyers are (the unpaid-hold cap is per client).
      const clientAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      return placeOrder(deps, { form, userId: null, clientAddress });
    };

    for (let i = 0; i < 20; i++) await placeOne(); // warm-up
    const latencies: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const t0 = performance.now();
      await placeOne();
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);

    let remaining = CONCURRENT_ORDERS;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (remaining > 0) {
          remaining -= 1;
          await placeOne();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      engine,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      ordersPerSecond: CONCURRENT_ORDERS / seconds,
    };
  });
}

/** 10,000 books with plenty of stock and 100,000 past orders of one line each. Returns the book ids. */
async function fill(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  const bookIds = Array.from({ length: BOOKS }, () => randomUUID());
  for (let start = 0; start < BOOKS; start += BATCH) {
    await db
      .insertInto("books")
      .values(
        bookIds.slice(start, start + BATCH).map((id, k) =>
          bookRow(start + k, {
            id,
            price_cents: 999 + k,
            stock: 1_000_000,
            // From 2 copies, a dollar less: every order's second line reaches it.
            price_breaks: JSON.stringify([{ minQuantity: 2, unitPriceCents: 899 + k }]),
          }),
        ),
      )
      .execute();
  }
  await fillInBatches(db, { count: ORDERS, size: BATCH }, async (trx, range) => {
    await insertBenchOrders(trx, range, (i) => ({
      checkout_token: `bench-token-${i}`,
      order_date: at(i),
      customer_email: `reader${i % 5000}@example.com`,
      total_cents: 1999,
      subtotal_cents: 1499,
      shipping_cents: 500,
      status: "Delivered" as const,
      estimated_delivery: null,
      updated_at: at(i),
      user_id: null,
      payment_method: "invoice" as const,
      payment_status: "paid" as const,
    }));
    await trx
      .insertInto("order_items")
      .values(
        range.map((i) => ({
          id: randomUUID(),
          order_id: benchOrderId(i),
          book_id: bookIds[i % BOOKS]!,
          title: `Bench Book ${i % BOOKS}`,
          unit_price_cents: 1499,
          quantity: 1,
          position: 0,
        })),
      )
      .execute();
  });
  return bookIds;
}
