import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBook, type Book } from "./book.ts";

export const RELATED_BOOKS_COUNT = 4;

/**
 * Books to offer beside `book` on its page: those sharing the most topic tags first, then those
 * for the same ages (age_min and age_max, whatever their labels say), newest first among equals;
 * never the book itself, at most four.
 */
export async function listRelatedBooks(
  deps: { db: Kysely<Database> },
  input: { book: Pick<Book, "id" | "tags" | "ageMin" | "ageMax"> },
): Promise<Book[]> {
  const { id, tags, ageMin, ageMax } = input.book;
  const ages = ageMin !== null && ageMax !== null ? { min: ageMin, max: ageMax } : null;
  if (tags.length === 0 && ages === null) return [];
  let query = deps.db
    .selectFrom("books")
    .selectAll("books")
    .where("books.id", "!=", id)
    .where((eb) =>
      eb.or([
        ...(tags.length > 0
          ? [eb("books.id", "in", eb.selectFrom("book_tags").select("book_id").where("tag", "in", tags))]
          : []),
        ...(ages === null ? [] : [eb.and([eb("age_min", "=", ages.min), eb("age_max", "=", ages.max)])]),
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
  if (ages !== null) {
    query = query.orderBy(
      sql<number>`case when age_min = ${ages.min} and age_max = ${ages.max} then 1 else 0 end`,
      "desc",
    );
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(RELATED_BOOKS_COUNT).execute();
  return rows.map(toBook);
}
