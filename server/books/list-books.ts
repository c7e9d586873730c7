import type { AppServices } from "#server/services.ts";
import { toBook, type Book } from "./book.ts";

/** The home page shows this many books until "View All Bible Stories" is pressed. */
export const NEWEST_BOOKS_COUNT = 4;

/** Books, newest first; `limit` omitted means all of them. */
export async function listNewestBooks(
  { db }: Pick<AppServices, "db">,
  { limit }: { limit?: number } = {},
): Promise<Book[]> {
  let query = db.selectFrom("books").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map(toBook);
}
