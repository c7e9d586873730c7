import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** A catalogue item and how many copies: a book or a bundle, never both. */
export type StockLine = { kind: "book" | "bundle"; id: string; quantity: number };

const TABLE = { book: "books", bundle: "bundles" } as const;

/**
 * Takes stock for every line by a conditional write: `stock = stock - q` only where
 * `stock >= q` (or the item is untracked, stock null), never read-then-write. With `fairShare`
 * (an order not paid yet) the client's unpaid holds of an item, this line's included, stay within
 * half of the copies there are for it (those left plus those it holds), rounded up:
 * `2(q + held) <= stock + held + 1`, the rule of server/checkout/unpaid-holds.ts. Lines are taken
 * in a fixed order (kind, then id) so two orders locking the same rows on PostgreSQL never
 * deadlock. Returns the lines that could not be taken (gone, or not enough left); the caller then
 * rolls the whole transaction back. Quantities of the same item are summed first.
 */
export async function takeStock(
  trx: Transaction<Database>,
  lines: readonly StockLine[],
  options: { fairShare?: { heldByClient: ReadonlyMap<string, number> } } = {},
): Promise<StockLine[]> {
  const short: StockLine[] = [];
  for (const line of mergeLines(lines)) {
    const held = options.fairShare?.heldByClient.get(stockLineKey(line)) ?? 0;
    const enough = options.fairShare ? 2 * line.quantity + held - 1 : line.quantity;
    const result = await trx
      .updateTable(TABLE[line.kind])
      .set({ stock: sql<number | null>`stock - ${line.quantity}` })
      .where("id", "=", line.id)
      .where((eb) => eb.or([eb("stock", "is", null), eb("stock", ">=", enough)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) short.push(line);
  }
  return short;
}

/** An item's key in maps of stock lines: "book:<id>" or "bundle:<id>". */
export function stockLineKey(line: Pick<StockLine, "kind" | "id">): string {
  return `${line.kind}:${line.id}`;
}

/** The copies of an item left on the shelf now (null: untracked or gone). */
export async function stockOnShelf(db: Kysely<Database>, line: Pick<StockLine, "kind" | "id">): Promise<number | null> {
  const row = await db.selectFrom(TABLE[line.kind]).select("stock").where("id", "=", line.id).executeTakeFirst();
  return row?.stock ?? null;
}

/**
 * Gives back what `orderId` holds, exactly once: `stock_taken` is cleared by a conditional write
 * and only the call that cleared it adds the units back. Items deleted since are skipped.
 * Returns whether this call gave the stock back.
 */
export async function releaseOrderStock(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const cleared = await trx
    .updateTable("orders")
    .set({ stock_taken: false })
    .where("id", "=", orderId)
    .where("stock_taken", "=", true)
    .executeTakeFirst();
  if (Number(cleared.numUpdatedRows) !== 1) return false;
  for (const line of mergeLines(await orderStockLines(trx, orderId))) {
    await trx
      .updateTable(TABLE[line.kind])
      .set({ stock: sql<number | null>`stock + ${line.quantity}` })
      .where("id", "=", line.id)
      .execute();
  }
  return true;
}

/**
 * Takes the stock of an order again after it was released (a card payment that completed after
 * its session expired). All or nothing: when a line is short, the lines already taken in this
 * call are given back (same transaction, rows still locked) and false is returned.
 */
export async function retakeOrderStock(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const lines = mergeLines(await orderStockLines(trx, orderId));
  const short = await takeStock(trx, lines);
  if (short.length > 0) {
    const shortKeys = new Set(short.map(stockLineKey));
    for (const line of lines) {
      if (shortKeys.has(stockLineKey(line))) continue;
      await trx
        .updateTable(TABLE[line.kind])
        .set({ stock: sql<number | null>`stock + ${line.quantity}` })
        .where("id", "=", line.id)
        .execute();
    }
    return false;
  }
  await trx.updateTable("orders").set({ stock_taken: true }).where("id", "=", orderId).execute();
  return true;
}

async function orderStockLines(db: Kysely<Database>, orderId: string): Promise<StockLine[]> {
  const items = await db
    .selectFrom("order_items")
    .select(["book_id", "bundle_id", "quantity"])
    .where("order_id", "=", orderId)
    .execute();
  const lines: StockLine[] = [];
  for (const item of items) {
    if (item.bundle_id) lines.push({ kind: "bundle", id: item.bundle_id, quantity: item.quantity });
    else if (item.book_id) lines.push({ kind: "book", id: item.book_id, quantity: item.quantity });
  }
  return lines;
}

function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = stockLineKey(line);
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()].sort((a, b) =>
    a.kind === b.kind ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.kind === "book" ? -1 : 1,
  );
}
