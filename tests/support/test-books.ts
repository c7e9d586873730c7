import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

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
    .values({
      id,
      slug: `test-book-${id}`,
      title: options.title ?? "Test Book",
      author: "Test Author",
      description: "A book for tests.",
      price_cents: options.priceCents ?? 1250,
      original_price_cents: null,
      image_url: null,
      badge: null,
      rating: null,
      reviews: null,
      age_range: null,
      stock: options.stock,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
