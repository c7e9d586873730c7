import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBook, type Book } from "./book.ts";
import type { Bundle } from "./bundle.ts";
import { listBundles } from "./list-bundles.ts";

/** The most titles the form lists: a catalogue this publisher's size is a few dozen. */
export const BULK_ORDER_MAX_TITLES = 300;

export interface BulkOrderList {
  books: Book[];
  bundles: Bundle[];
  /** True when there were more titles than the form lists (BULK_ORDER_MAX_TITLES). */
  truncated: boolean;
}

/**
 * What the bulk order form lists (decision 36): every title by name, or, for a child's age, those
 * whose age range includes it (the catalogue's rule, decision 34), and every set (sets have no
 * ages, so a chosen age leaves them out, as the catalogue does).
 */
export async function listBulkOrder(
  deps: { db: Kysely<Database> },
  input: { age: number | null },
): Promise<BulkOrderList> {
  let query = deps.db.selectFrom("books").selectAll();
  if (input.age !== null) query = query.where("age_min", "<=", input.age).where("age_max", ">=", input.age);
  const [rows, bundles] = await Promise.all([
    query
      .orderBy("title")
      .orderBy("id")
      .limit(BULK_ORDER_MAX_TITLES + 1)
      .execute(),
    input.age === null ? listBundles(deps) : Promise.resolve([]),
  ]);
  return {
    books: rows.slice(0, BULK_ORDER_MAX_TITLES).map(toBook),
    bundles,
    truncated: rows.length > BULK_ORDER_MAX_TITLES,
  };
}
