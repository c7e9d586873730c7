import { listNewestBooks } from "#server/books/list-books.ts";
import type { Route } from "./+types/resources.books";

/** Every book, newest first: the home page's "View All Bible Stories". */
export async function loader({ context }: Route.LoaderArgs) {
  return { books: await listNewestBooks(context.services) };
}
