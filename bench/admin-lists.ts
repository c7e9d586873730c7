// The admin lists with 10,000 rows each: first page, a middle page and a search, on SQLite.
// Used by bench/run.ts.
import { randomUUID } from "node:crypto";
import { listBooksPage } from "#server/books/list-books-page.ts";
import { listContactMessages } from "#server/contact/list-contact-messages.ts";
import { listCustomers } from "#server/customers/list-customers.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import { listOrders } from "#server/orders/list-orders.ts";
import { listSubscribers } from "#server/subscribers/list-subscribers.ts";
import { bookRow } from "#tests/support/test-books.ts";
import { userRow } from "#tests/support/test-users.ts";
import { fillInBatches, insertBenchOrders } from "./bench-database.ts";

const ROWS = 10_000;

export async function fillAdminTables(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  await fillInBatches(db, { count: ROWS, size: 500 }, async (trx, range) => {
    await trx
      .insertInto("books")
      .values(
        range.map((i) =>
          bookRow(i, { author: `Author ${i % 97}`, rating: 4, reviews: i, age_range: "3-8", stock: i % 20 }),
        ),
      )
      .execute();
    await insertBenchOrders(trx, range, (i) => ({
      order_date: at(i),
      customer_email: `reader${i}@example.com`,
      total_cents: 1999,
      status: "Pending" as const,
      estimated_delivery: null,
      updated_at: at(i),
    }));
    await trx
      .insertInto("user")
      .values(
        range.map((i) =>
          userRow({
            id: `bench-user-${i}`,
            email: `member${i}@example.com`,
            createdAt: at(i),
            role: "user",
            banned: false,
          }),
        ),
      )
      .execute();
    await trx
      .insertInto("contact_messages")
      .values(
        range.map((i) => ({
          id: `bench-message-${i}`,
          full_name: `Writer ${i}`,
          email: `writer${i}@example.com`,
          subject: `Question ${i} about an order`,
          message: "Could we order copies for our Sunday school? ".repeat(20),
          created_at: at(i),
          mail_sent_at: at(i),
          enquiry: null,
          organisation: null,
        })),
      )
      .execute();
    await trx
      .insertInto("email_subscribers")
      .values(range.map((i) => ({ id: randomUUID(), email: `subscriber${i}@example.com`, subscribed_at: at(i) })))
      .execute();
  });
}

/** Mean milliseconds per call of each list screen's query, over several runs. */
export async function timeAdminLists(handle: DatabaseHandle): Promise<Record<string, number>> {
  const { db } = handle;
  const cases: Record<string, () => Promise<unknown>> = {
    "books page 1": () => listBooksPage({ db }, { page: 1 }),
    "books page 100": () => listBooksPage({ db }, { page: 100 }),
    "books search": () => listBooksPage({ db }, { search: "book 99" }),
    "orders page 1": () => listOrders({ db }, { page: 1 }),
    "orders search": () => listOrders({ db }, { search: "reader42" }),
    "customers page 1": () => listCustomers({ db }, { page: 1 }),
    "customers search": () => listCustomers({ db }, { search: "member77" }),
    "subscribers page 1": () => listSubscribers({ db }, { page: 1 }),
    "messages page 1": () => listContactMessages({ db }, { page: 1 }),
    "messages search": () => listContactMessages({ db }, { search: "writer77" }),
  };
  const results: Record<string, number> = {};
  for (const [name, run] of Object.entries(cases)) {
    await run();
    const started = performance.now();
    for (let i = 0; i < 10; i++) await run();
    results[name] = (performance.now() - started) / 10;
  }
  return results;
}
