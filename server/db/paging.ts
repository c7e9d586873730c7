import type { SelectQueryBuilder, StringReference } from "kysely";

/**
 * Server-side paging for the admin lists that can grow (customers, orders, subscribers, contact
 * messages). Page numbers arrive from URLs, so anything odd (missing, text, 0, -3, 2.5, past the
 * end) is clamped to a real page rather than refused: a stale link still shows something.
 */
export const DEFAULT_PAGE_SIZE = 50;
/** Upper bound for a caller-chosen page size: one request must never read a whole table. */
export const MAX_PAGE_SIZE = 200;

export interface PageRequest {
  /** 1-based; a string from a query parameter is accepted as well. */
  page?: number | string | null;
  pageSize?: number | string | null;
}

/** A page of an admin list with a search box; each list says what `search` is matched against. */
export interface SearchPageRequest extends PageRequest {
  search?: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** The page actually returned, after clamping. */
  page: number;
  /** At least 1, so an empty list still reads "page 1 of 1". */
  pageCount: number;
}

/**
 * Counts first, then clamps the requested page to the pages that exist and fetches it. Two
 * statements, not a snapshot: a row written in between can shift a page by one, which a list
 * screen tolerates.
 */
export async function fetchPage<T>(
  request: PageRequest,
  count: () => Promise<number>,
  fetchItems: (range: { limit: number; offset: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const pageSize = clamp(wholeNumber(request.pageSize, DEFAULT_PAGE_SIZE), 1, MAX_PAGE_SIZE);
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = clamp(wholeNumber(request.page, 1), 1, pageCount);
  const items = total === 0 ? [] : await fetchItems({ limit: pageSize, offset: (page - 1) * pageSize });
  return { items, total, page, pageCount };
}

function wholeNumber(value: unknown, fallback: number): number {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? Math.trunc(number) : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** How many rows `query` would read: fetchPage's count for a list read from one query, or a figure. */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  // Kysely cannot name the selection's type over a generic table: the one column is spelled out.
  const row = (await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()) as {
    n: string | number | bigint;
  };
  // PostgreSQL's count(*) is a bigint; Number() also covers a driver that hands it over as text.
  return Number(row.n);
}

/**
 * A page of `query`'s rows, newest first by `column`, then by `id` so rows written in the same
 * millisecond keep one order from page to page.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: StringReference<DB, TB>,
  id: StringReference<DB, TB>,
  { limit, offset }: { limit: number; offset: number },
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy(column, "desc").orderBy(id, "desc").limit(limit).offset(offset);
}

/**
 * fetchPage over one query: its rows counted, then the page's rows, `select`ed from it, newest
 * first by `column` (then `id`, see newestFirst), each made an item by `toItem`.
 */
export function fetchNewestFirst<DB, TB extends keyof DB, O, T>(
  request: PageRequest,
  query: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  order: { column: StringReference<DB, TB>; id: StringReference<DB, TB> },
  toItem: (row: O) => T,
): Promise<Page<T>> {
  return fetchPage(
    request,
    () => countRows(query),
    async (range) => (await newestFirst(select(query), order.column, order.id, range).execute()).map(toItem),
  );
}
