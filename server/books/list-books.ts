import type { AppServices } from "#server/services.ts";
import { toBook, type Book } from "./book.ts";

/** The home page shows this many books until "View All Bible Stories" is pressed. */
export const NEWEST_BOOKS_COUNT = 4;

/** The `limit` newest books (always bounded: longer lists are paged, see list-books-page.ts). */
export async function listNewestBooks({ db }: Pick<AppServices, "db">, { limit }: { limit: number }): Promise<Book[]> {
  const rows = await db
    .selectFrom("books")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toBook);
}
