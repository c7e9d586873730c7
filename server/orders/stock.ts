import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { bundleAvailability } from "#server/books/bundle.ts";
import { loadBundleParts } from "#server/books/list-bundles.ts";

/** A catalogue item and how many copies: a book or a bundle, never both. */
export type StockLine = { kind: "book" | "bundle"; id: string; quantity: number };

/**
 * Takes stock for every line by a conditional write on each book: `stock = stock - q` only where
 * `stock >= q` (or the book is untracked, stock null), never read-then-write. A bundle has no stock
 * of its own (decision 38): its line takes its parts, count × quantity of each (12 × A per set),
 * added to the book lines that share a title, so all of them must fit together. A bundle that is
 * gone, has no parts or lost a part (deleted book) is short. With `fairShare` (an order not paid
 * yet) the client's unpaid holds of a book, this order's included, stay within half of the copies
 * there are for it (those left plus those it holds), rounded up: `2(q + held) <= stock + held + 1`,
 * the rule of server/checkout/unpaid-holds.ts; for a book taken by sets of n it is rounded up to a
 * whole set, `+ n` (so the last set of 12 can be bought, as the last copy can). Books are taken in id order so two orders locking
 * the same rows on PostgreSQL never deadlock. With `orderId`, the books taken through bundles are
 * recorded for that order (`order_bundle_units`), which is what a release gives back. Returns the
 * lines that could not be taken (every line that needs a short book); the caller then rolls the
 * whole transaction back.
 */
export async function takeStock(
  trx: Transaction<Database>,
  lines: readonly StockLine[],
  options: { fairShare?: { heldByClient: ReadonlyMap<string, number> }; orderId?: string } = {},
): Promise<StockLine[]> {
  const { books, throughBundles, broken } = await bookUnits(trx, lines);
  const shortBooks = new Set<string>();
  for (const [bookId, quantity] of sortedEntries(books)) {
    const held = options.fairShare?.heldByClient.get(stockLineKey({ kind: "book", id: bookId })) ?? 0;
    // Half rounded up to a whole set: the last set on the shelf can be bought, as the last copy can.
    const step = throughBundles.largestCount.get(bookId) ?? 1;
    const enough = options.fairShare ? 2 * quantity + held - step : quantity;
    const result = await trx
      .updateTable("books")
      .set({ stock: sql<number | null>`stock - ${quantity}` })
      .where("id", "=", bookId)
      .where((eb) => eb.or([eb("stock", "is", null), eb("stock", ">=", enough)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) shortBooks.add(bookId);
  }
  const short = lines.filter((line) =>
    line.kind === "book"
      ? shortBooks.has(line.id)
      : broken.has(line.id) || (throughBundles.parts.get(line.id) ?? []).some((part) => shortBooks.has(part.bookId)),
  );
  if (short.length === 0 && options.orderId !== undefined && throughBundles.units.size > 0) {
    await trx
      .insertInto("order_bundle_units")
      .values(
        sortedEntries(throughBundles.units).map(([bookId, quantity]) => ({
          order_id: options.orderId!,
          book_id: bookId,
          quantity,
        })),
      )
      .execute();
  }
  return short;
}

/** An item's key in maps of stock lines: "book:<id>" or "bundle:<id>". */
export function stockLineKey(line: Pick<StockLine, "kind" | "id">): string {
  return `${line.kind}:${line.id}`;
}

/** The copies of an item left on the shelf now, a bundle's from its parts (null: untracked or gone). */
export async function stockOnShelf(db: Kysely<Database>, line: Pick<StockLine, "kind" | "id">): Promise<number | null> {
  if (line.kind === "bundle") {
    const bundle = await db.selectFrom("bundles").select("book_count").where("id", "=", line.id).executeTakeFirst();
    if (!bundle) return null;
    return bundleAvailability(bundle.book_count, (await loadBundleParts(db, [line.id])).get(line.id) ?? []);
  }
  const row = await db.selectFrom("books").select("stock").where("id", "=", line.id).executeTakeFirst();
  return row?.stock ?? null;
}

/**
 * Gives back what `orderId` holds, exactly once: `stock_taken` is cleared by a conditional write
 * and only the call that cleared it adds the units back: its book lines and the books its bundle
 * lines took (as recorded when it was placed, whatever the bundles became since). Books deleted
 * since are skipped. Returns whether this call gave the stock back.
 */
export async function releaseOrderStock(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const cleared = await trx
    .updateTable("orders")
    .set({ stock_taken: false })
    .where("id", "=", orderId)
    .where("stock_taken", "=", true)
    .executeTakeFirst();
  if (Number(cleared.numUpdatedRows) !== 1) return false;
  await giveBack(trx, await orderBookUnits(trx, orderId));
  return true;
}

/**
 * Takes the stock of an order again after it was released (a card payment that completed after
 * its session expired): the same books it took when placed. All or nothing: when a book is
 * short, the books already taken in this call are given back (same transaction, rows still
 * locked) and false is returned.
 */
export async function retakeOrderStock(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const units = await orderBookUnits(trx, orderId);
  const lines = sortedEntries(units).map(([id, quantity]): StockLine => ({ kind: "book", id, quantity }));
  const short = await takeStock(trx, lines);
  if (short.length > 0) {
    const shortIds = new Set(short.map((line) => line.id));
    await giveBack(trx, new Map([...units].filter(([bookId]) => !shortIds.has(bookId))));
    return false;
  }
  await trx.updateTable("orders").set({ stock_taken: true }).where("id", "=", orderId).execute();
  return true;
}

async function giveBack(trx: Transaction<Database>, units: ReadonlyMap<string, number>): Promise<void> {
  for (const [bookId, quantity] of sortedEntries(units)) {
    await trx
      .updateTable("books")
      .set({ stock: sql<number | null>`stock + ${quantity}` })
      .where("id", "=", bookId)
      .execute();
  }
}

/**
 * The books an order holds: its book lines, and the books its bundle lines took. A bundle line of
 * an order placed before migration 0030 took the bundle's own stock, now gone: it holds no book.
 */
async function orderBookUnits(db: Kysely<Database>, orderId: string): Promise<Map<string, number>> {
  const [items, throughBundles] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["book_id", "quantity"])
      .where("order_id", "=", orderId)
      .where("bundle_id", "is", null)
      .execute(),
    db.selectFrom("order_bundle_units").select(["book_id", "quantity"]).where("order_id", "=", orderId).execute(),
  ]);
  const units = new Map<string, number>();
  for (const row of [...items, ...throughBundles]) {
    if (row.book_id) units.set(row.book_id, (units.get(row.book_id) ?? 0) + row.quantity);
  }
  return units;
}

/**
 * The books the lines need, per book (book lines and bundle parts added up), what the bundle
 * lines need on their own (to record), each bundle's parts, and the bundles that cannot be sold
 * (gone, no parts, a part deleted).
 */
async function bookUnits(
  db: Kysely<Database>,
  lines: readonly StockLine[],
): Promise<{
  books: Map<string, number>;
  throughBundles: {
    units: Map<string, number>;
    parts: Map<string, { bookId: string; quantity: number }[]>;
    /** Per book, the most copies of it one set of these lines holds. */
    largestCount: Map<string, number>;
  };
  broken: Set<string>;
}> {
  const books = new Map<string, number>();
  const add = (map: Map<string, number>, id: string, quantity: number) => map.set(id, (map.get(id) ?? 0) + quantity);
  const bundleIds = [...new Set(lines.filter((line) => line.kind === "bundle").map((line) => line.id))];
  const [bundles, partsById] = await Promise.all([
    bundleIds.length === 0
      ? []
      : db.selectFrom("bundles").select(["id", "book_count"]).where("id", "in", bundleIds).execute(),
    loadBundleParts(db, bundleIds),
  ]);
  const defined = new Map(bundles.map((row) => [row.id, row.book_count]));
  const units = new Map<string, number>();
  const largestCount = new Map<string, number>();
  const parts = new Map<string, { bookId: string; quantity: number }[]>();
  const broken = new Set<string>();
  for (const id of bundleIds) {
    const live = partsById.get(id) ?? [];
    const bookCount = defined.get(id);
    if (
      bookCount === undefined ||
      bundleAvailability(
        bookCount,
        live.map((part) => ({ ...part, stock: null })),
      ) === 0
    ) {
      broken.add(id);
    }
    parts.set(
      id,
      live.map((part) => ({ bookId: part.id, quantity: part.quantity })),
    );
  }
  for (const line of lines) {
    if (line.kind === "book") {
      add(books, line.id, line.quantity);
      continue;
    }
    if (broken.has(line.id)) continue;
    for (const part of parts.get(line.id) ?? []) {
      add(books, part.bookId, part.quantity * line.quantity);
      add(units, part.bookId, part.quantity * line.quantity);
      largestCount.set(part.bookId, Math.max(largestCount.get(part.bookId) ?? 1, part.quantity));
    }
  }
  return { books, throughBundles: { units, parts, largestCount }, broken };
}

function sortedEntries(map: ReadonlyMap<string, number>): [string, number][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
