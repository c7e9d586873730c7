import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Book } from "#server/books/book.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { BookCard } from "./book-card.tsx";

/** The home page's book grid with its "View All Bible Stories" / "Show Less" toggle. */
export function BookGrid({
  books,
  showingAll,
  loading,
  onToggle,
  renderAction,
}: {
  books: Book[];
  showingAll: boolean;
  loading: boolean;
  onToggle: () => void;
  renderAction: (book: Book) => ReactNode;
}) {
  return (
    <section
      id="books"
      aria-labelledby="books-heading"
      className="mx-auto max-w-6xl scroll-mt-16 px-3 py-10 sm:px-4 sm:py-16"
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
        <button type="button" onClick={onToggle} disabled={loading} className={buttonStyles.secondary}>
          {loading ? "Loading..." : showingAll ? "Show Less" : "View All Bible Stories"}
        </button>
        <Link to="/books" className="font-semibold text-brand-700 underline underline-offset-4">
          Search the whole catalogue by age and topic
        </Link>
      </div>
    </section>
  );
}
