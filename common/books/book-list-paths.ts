/**
 * The public book list (/resources/books): newest first, one page of books per answer, for the
 * home page's grid. Client-safe: the grid builds its addresses with `bookListHref`, the route reads
 * them with `readBookListPage`, so both agree on the one URL of each page (one page-cache entry).
 */
export const BOOK_LIST_PATH = "/resources/books";
/** Books per answer: four rows of the home page's grid at its widest. */
export const BOOK_LIST_PAGE_SIZE = 24;

/** The address of one page of the list; page 1 has no parameter. */
export function bookListHref(page: number): string {
  return page > 1 ? `${BOOK_LIST_PATH}?page=${page}` : BOOK_LIST_PATH;
}

/** The page asked for; anything odd (missing, 0, -3, "abc") is page 1. */
export function readBookListPage(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
