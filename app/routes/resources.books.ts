import { redirect } from "react-router";
import { BOOK_LIST_PAGE_SIZE, BOOK_LIST_PATH, bookListHref, readBookListPage } from "#common/books/book-list-paths.ts";
import { listBooksPage } from "#server/books/list-books-page.ts";
import { overLimitResponse } from "#server/http/over-limit-response.ts";
import type { BookListPage } from "#server/books/book.ts";
import type { Route } from "./+types/resources.books";

/**
 * One page of the books, newest first: the home page's "View All Bible Stories" and "Show More".
 * Each page has one address (others are redirected to it), which the page cache keeps for every
 * visitor; what it renders counts toward the client's limit.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<BookListPage> {
  const { services, clientAddress } = context;
  const url = new URL(request.url);
  const page = readBookListPage(url.searchParams);
  // The path is left out: a data request asks for /resources/books.data, and may name its routes.
  const asked = new URLSearchParams(url.searchParams);
  asked.delete("_routes");
  const query = asked.toString();
  if (`${BOOK_LIST_PATH}${query ? `?${query}` : ""}` !== bookListHref(page)) throw redirect(bookListHref(page));

  const refused = await overLimitResponse(services.rateLimits.bookList, clientAddress);
  if (refused) throw refused;
  const result = await listBooksPage(services, { page, pageSize: BOOK_LIST_PAGE_SIZE });
  // A page past the end: the last one, at its own address.
  if (result.page !== page) throw redirect(bookListHref(result.page));
  return { books: result.items, page: result.page, pageCount: result.pageCount };
}
