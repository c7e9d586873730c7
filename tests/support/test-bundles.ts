import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { stockOnShelf } from "#server/orders/stock.ts";
import { insertTestBook } from "./test-books.ts";

/**
 * A bundle of a test's own (decision 38): its parts are books and copies per set, its book count
 * their sum, as the back office saves one. Returns its id (it starts with "pkg-", as every bundle's).
 */
export async function insertTestBundle(
  db: Kysely<Database>,
  options: { name?: string; priceCents?: number; parts: { bookId: string; quantity: number }[] },
): Promise<string> {
  const id = `pkg-test-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await db
    .insertInto("bundles")
    .values({
      id,
      name: options.name ?? "Test Class Set",
      description: "A class set for a test.",
      price_cents: options.priceCents ?? 9900,
      original_price_cents: null,
      savings: null,
      book_count: options.parts.reduce((sum, part) => sum + part.quantity, 0),
      features: "[]",
      popular: false,
      position: 99,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("bundle_books")
    .values(
      options.parts.map((part, position) => ({
        bundle_id: id,
        book_id: part.bookId,
        quantity: part.quantity,
        position,
      })),
    )
    .execute();
  return id;
}

/** Makes an existing bundle (the spec's three, seeded by migration 0006) hold these parts, as a save in the back office would. */
export async function setBundleParts(
  db: Kysely<Database>,
  bundleId: string,
  parts: { bookId: string; quantity: number }[],
): Promise<void> {
  await db.deleteFrom("bundle_books").where("bundle_id", "=", bundleId).execute();
  await db
    .updateTable("bundles")
    .set({ book_count: parts.reduce((sum, part) => sum + part.quantity, 0) })
    .where("id", "=", bundleId)
    .execute();
  if (parts.length === 0) return;
  await db
    .insertInto("bundle_books")
    .values(
      parts.map((part, position) => ({ bundle_id: bundleId, book_id: part.bookId, quantity: part.quantity, position })),
    )
    .execute();
}

/** The spec's stock of its three sets, from when a set had a stock of its own (migration 0006). */
const SPEC_SET_STOCK: Record<string, number> = { "pkg-disciple": 30, "pkg-shepherd": 20, "pkg-prophet": 10 };

/**
 * Gives one of the spec's sets a part when it has none (an unseeded test database has no books):
 * one book of its own, 1 per set, stocked as the spec stocked the set. So `bundleStock` reads
 * what it read before sets were made of books, and tests of orders keep their numbers.
 */
export async function ensureSpecSetParts(db: Kysely<Database>, bundleId: string): Promise<void> {
  const stock = SPEC_SET_STOCK[bundleId];
  if (stock === undefined) return;
  const linked = await db.selectFrom("bundle_books").select("book_id").where("bundle_id", "=", bundleId).execute();
  if (linked.length > 0) return;
  const bookId = await insertTestBook(db, { title: `The book in ${bundleId}`, stock });
  await setBundleParts(db, bundleId, [{ bookId, quantity: 1 }]);
}

/** The sets a bundle's parts allow now (decision 38): what its own stock column said before. */
export async function bundleStock(db: Kysely<Database>, bundleId: string): Promise<number | null> {
  return stockOnShelf(db, { kind: "bundle", id: bundleId });
}
