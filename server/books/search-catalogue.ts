import { sql, type Expression, type SqlBool } from "kysely";
import type { DatabaseHandle } from "#server/db/database.ts";
import { countRows, fetchPage, type Page } from "#server/db/paging.ts";
import { toBook, type Book } from "./book.ts";
import { CATALOGUE_PAGE_SIZE, type CatalogueParams } from "#common/books/catalogue-options.ts";
import { correctQueryWords, queryWords } from "./search-words.ts";

export interface CatalogueResult extends Page<Book> {
  /** The words searched for when the typed ones were corrected ("samaritian" → "samaritan"). */
  searchedFor: string | null;
}

/** The full-text condition for these words: every word, as a word or the start of one. */
function matchesWords(engine: DatabaseHandle["engine"], words: string[]): Expression<SqlBool> {
  if (engine === "sqlite") {
    // Words hold only letters and digits, so quoting each one is enough to keep FTS5 syntax out.
    const match = words.map((word) => `"${word}"*`).join(" ");
    return sql<SqlBool>`books.id in (select book_id from book_search_ids where id in
      (select rowid from books_fts where books_fts match ${match}))`;
  }
  const match = words.map((word) => `${word}:*`).join(" & ");
  return sql<SqlBool>`books.id in (select book_id from book_search_documents
    where document @@ to_tsquery('simple', ${match}))`;
}

/**
 * One page of the storefront catalogue (/books): books whose title, author or description hold
 * every word of `q` (typos corrected against the catalogue's own words), for a child's age and
 * of one topic tag, in the chosen order, 24 a page. The page number is clamped to the pages that
 * exist, so any URL shows a real page.
 */
export async function searchCatalogue(
  deps: { database: DatabaseHandle },
  input: CatalogueParams,
): Promise<CatalogueResult> {
  const { db, engine } = deps.database;
  const typed = queryWords(input.q, engine);
  const { words, corrected } =
    typed.length > 0 ? await correctQueryWords(deps, { words: typed }) : { words: [], corrected: false };

  const base = () => {
    let query = db.selectFrom("books");
    if (words.length > 0) query = query.where(matchesWords(engine, words));
    // "For age 5": every book whose range includes 5, read from the (age_min, age_max, id) index.
    if (input.age !== null) query = query.where("age_min", "<=", input.age).where("age_max", ">=", input.age);
    if (input.tag) {
      query = query.where("books.id", "in", (eb) =>
        eb.selectFrom("book_tags").select("book_tags.book_id").where("book_tags.tag", "=", input.tag),
      );
    }
    return query;
  };

  // Two statements, a count and a page, rather than one with a window count: with a window
  // the engine keeps every matching row to the end instead of only the best 24.
  const result = await fetchPage(
    { page: input.page, pageSize: CATALOGUE_PAGE_SIZE },
    () => countRows(base()),
    async ({ limit, offset }) => {
      let query = base().selectAll("books");
      switch (input.sort) {
        case "price-asc":
          query = query.orderBy("price_cents", "asc").orderBy("id", "asc");
          break;
        case "price-desc":
          query = query.orderBy("price_cents", "desc").orderBy("id", "desc");
          break;
        case "rating":
          // Unrated books last on both engines (they order NULL differently).
          query = query
            .orderBy(sql`coalesce(rating, -1)`, "desc")
            .orderBy(sql`coalesce(reviews, 0)`, "desc")
            .orderBy("id", "asc");
          break;
        default:
          query = query.orderBy("created_at", "desc").orderBy("id", "desc");
      }
      return (await query.limit(limit).offset(offset).execute()).map(toBook);
    },
  );
  return { ...result, searchedFor: corrected ? words.join(" ") : null };
}
