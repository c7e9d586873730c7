import { countRows, fetchPage, newestFirst, type Page, type PageRequest } from "#server/db/paging.ts";
import { containsIgnoringCase, normalizeSearch } from "#server/db/search-pattern.ts";
import type { AppServices } from "#server/services.ts";
import { toBook, type Book } from "./book.ts";

/**
 * One page of the admin book table (and of the public book list, /resources/books), newest first,
 * optionally only books whose title or author contains `search` (any letter case). Paged in the
 * database, so the screen stays fast with tens of thousands of books; odd page numbers are
 * clamped (see db/paging.ts).
 */
export async function listBooksPage(
  { db }: Pick<AppServices, "db">,
  request: PageRequest & { search?: unknown } = {},
): Promise<Page<Book>> {
  const search = normalizeSearch(request.search);
  const base = () => {
    const query = db.selectFrom("books");
    return search
      ? query.where((eb) => eb.or([containsIgnoringCase("title", search), containsIgnoringCase("author", search)]))
      : query;
  };
  return fetchPage(
    request,
    () => countRows(base()),
    async (range) => (await newestFirst(base().selectAll(), "created_at", "id", range).execute()).map(toBook),
  );
}
