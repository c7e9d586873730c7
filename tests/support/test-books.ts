import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, NewBook } from "#server/db/schema.ts";

/**
 * The one shape of a book row that tests and benches make: numbered slug and title, no cover,
 * plain defaults, created `index` minutes after 2025-01-01. A caller sets only what its check
 * depends on (stock, price, words, dates).
 */
export function bookRow(index: number, shape: Partial<NewBook> = {}): NewBook {
  const created = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
  return {
    id: randomUUID(),
    slug: `bench-book-${index}`,
    title: `Bench Book ${index}`,
    author: "Bench Author",
    description: "A book for the benchmark.",
    price_cents: 999 + index,
    original_price_cents: null,
    image_url: null,
    badge: null,
    rating: null,
    reviews: null,
    age_range: null,
    stock: null,
    created_at: created,
    updated_at: created,
    ...shape,
  };
}

/**
 * A book of a test's own, so stock and price changes never touch another test's books. Stock
 * null is untracked (unlimited). Returns its id.
 */
export async function insertTestBook(
  db: Kysely<Database>,
  options: { title?: string; stock: number | null; priceCents?: number },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("books")
    .values(
      bookRow(0, {
        id,
        slug: `test-book-${id}`,
        title: options.title ?? "Test Book",
        author: "Test Author",
        description: "A book for tests.",
        price_cents: options.priceCents ?? 1250,
        stock: options.stock,
        created_at: now,
        updated_at: now,
      }),
    )
    .execute();
  return id;
}
