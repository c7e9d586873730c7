import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBook, type Book } from "./book.ts";

export const RELATED_BOOKS_COUNT = 4;

/**
 * Books to offer beside `book` on its page: those sharing the most topic tags first, then those
 * of the same age range, newest first among equals; never the book itself, at most four.
 */
export async function listRelatedBooks(
  deps: { db: Kysely<Database> },
  input: { book: Pick<Book, "id" | "tags" | "ageRange"> },
): Promise<Book[]> {
  const { id, tags, ageRange } = input.book;
  if (tags.length === 0 && ageRange === null) return [];
  let query = deps.db
    .selectFrom("books")
    .selectAll("books")
    .where("books.id", "!=", id)
    .where((eb) =>
      eb.or([
        ...(tags.length > 0
          ? [eb("books.id", "in", eb.selectFrom("book_tags").select("book_id").where("tag", "in", tags))]
          : []),
        ...(ageRange === null ? [] : [eb("age_range", "=", ageRange)]),
      ]),
    );
  // Only the terms that apply: a constant term such as `0` is read by both engines as a column
  // position, and refused.
  if (tags.length > 0) {
    query = query.orderBy(
      sql<number>`(select count(*) from book_tags where book_tags.book_id = books.id and book_tags.tag in (${sql.join(tags)}))`,
      "desc",
    );
  }
  if (ageRange !== null) {
    query = query.orderBy(sql<number>`case when age_range = ${ageRange} then 1 else 0 end`, "desc");
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(RELATED_BOOKS_COUNT).execute();
  return rows.map(toBook);
}
