import { useState, type ReactNode } from "react";
import type { Book } from "#server/books/book.ts";
import { bookListHref } from "#common/books/book-list-paths.ts";
import type { BookListPage } from "#server/books/book.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { CurrencyProvider } from "#app/lib/money.ts";
import { BookCard } from "./book-card.tsx";

/**
 * The home page's book grid with its "View All Bible Stories" / "Show Less" toggle, which loads
 * the books a page at a time from /resources/books ("Show More Stories" for the next page). Drawn
 * in an island (app/islands/home-book-grid.tsx, decision 21): it fetches without React Router, and
 * takes the store's currency as a prop.
 */
export function BookGrid({
  books: newest,
  currency,
  renderAction,
}: {
  books: Book[];
  currency: string;
  /** Each card's "Add to Collection" button. */
  renderAction: (book: Book) => ReactNode;
}) {
  const [all, setAll] = useState<BookListPage | null>(null);
  const [showingAll, setShowingAll] = useState(false);
  const [loading, setLoading] = useState(false);
  const books = showingAll && all ? all.books : newest;
  const hasMore = showingAll && all !== null && all.page < all.pageCount;

  /** Loads one page and adds its books to those already shown; false when it could not. */
  async function loadPage(page: number): Promise<boolean> {
    setLoading(true);
    try {
      const response = await fetch(bookListHref(page), { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`${bookListHref(page)} answered ${response.status}`);
      const next = (await response.json()) as BookListPage;
      setAll((shown) => {
        // A book added meanwhile moves the pages by one: a book already shown is not shown twice.
        const ids = new Set(shown?.books.map((book) => book.id));
        const books = [...(shown?.books ?? []), ...next.books.filter((book) => !ids.has(book.id))];
        return { ...next, books };
      });
      return true;
    } catch (error) {
      console.error("The books could not be loaded.", error);
      return false;
    } finally {
      setLoading(false);
    }
  }

  async function toggle() {
    if (showingAll) {
      setShowingAll(false);
      return;
    }
    if (!all && !(await loadPage(1))) return;
    setShowingAll(true);
  }

  return (
    <CurrencyProvider value={currency}>
      <section
        id="books"
        aria-labelledby="books-heading"
        className="render-when-near mx-auto max-w-6xl scroll-mt-16 px-3 py-10 sm:px-4 sm:py-16"
      >
        <h2 id="books-heading" className="text-center font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
          Our Bible stories
        </h2>
        <ul
          className="mt-8 grid grid-cols-2 gap-3 sm:mt-10 sm:gap-6 lg:grid-cols-4"
          aria-live="polite"
          aria-busy={loading}
        >
          {books.map((book) => (
            <li key={book.id} className="flex">
              <BookCard book={book} action={renderAction(book)} sizes="twoUp" />
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-4">
          {hasMore ? (
            <button
              type="button"
              onClick={() => void loadPage(all.page + 1)}
              disabled={loading}
              className={buttonStyles.secondary}
            >
              {loading ? "Loading..." : "Show More Stories"}
            </button>
          ) : null}
          <button type="button" onClick={() => void toggle()} disabled={loading} className={buttonStyles.secondary}>
            {loading && !showingAll ? "Loading..." : showingAll ? "Show Less" : "View All Bible Stories"}
          </button>
          <a href="/books" className="font-semibold text-brand-700 underline underline-offset-4">
            Search the whole catalogue by age and topic
          </a>
        </div>
      </section>
    </CurrencyProvider>
  );
}
