import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBook, type Book } from "./book.ts";

/** Rows per page of the admin book table. */
export const BOOKS_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
const MAX_SEARCH_LENGTH = 200;

export interface BooksPage {
  books: Book[];
  /** Books matching the search (all books without one). */
  total: number;
  /** The page actually returned, after clamping into 1…pageCount. */
  page: number;
  pageSize: number;
  /** At least 1, so an empty result is "page 1 of 1". */
  pageCount: number;
}

export interface ListBooksPageOptions {
  page?: number;
  pageSize?: number;
  /** Matched case-insensitively anywhere in the title or author; % and _ are plain characters. */
  search?: string;
}

/** Makes user text literal inside a LIKE pattern (with `escape '\'`). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function clampInteger(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/**
 * One page of the admin book table, newest first. A page below 1 (or not a number) gives the
 * first page and one beyond the end gives the last, so a stale link after deletions still shows
 * books. Paged in the database, so the screen stays fast with tens of thousands of books.
 */
export async function listBooksPage(db: Kysely<Database>, options: ListBooksPageOptions = {}): Promise<BooksPage> {
  const pageSize = clampInteger(options.pageSize, 1, MAX_PAGE_SIZE, BOOKS_PAGE_SIZE);
  const search = (options.search ?? "").trim().slice(0, MAX_SEARCH_LENGTH);

  let matching: Expression<SqlBool> | undefined;
  if (search) {
    // lower(...) like lower-case pattern: the same case-insensitive match on SQLite and PostgreSQL.
    const pattern = `%${escapeLikePattern(search.toLowerCase())}%`;
    matching = sql<SqlBool>`(lower(title) like ${pattern} escape '\\' or lower(author) like ${pattern} escape '\\')`;
  }

  let countQuery = db.selectFrom("books").select((eb) => eb.fn.countAll<number | string>().as("count"));
  if (matching) countQuery = countQuery.where(matching);
  const total = Number((await countQuery.executeTakeFirstOrThrow()).count);

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = clampInteger(options.page, 1, pageCount, 1);

  let rowsQuery = db
    .selectFrom("books")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  if (matching) rowsQuery = rowsQuery.where(matching);
  const rows = await rowsQuery.execute();

  return { books: rows.map(toBook), total, page, pageSize, pageCount };
}

/** How many books the catalogue holds. */
export async function countBooks(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("books")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
