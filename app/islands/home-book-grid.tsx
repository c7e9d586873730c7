import type { Book } from "#server/books/book.ts";
import { BookGrid } from "#app/features/books/book-grid.tsx";
import { AddToCartButton } from "#app/features/cart/add-to-cart-button.tsx";
import { bookCartItem } from "#app/features/cart/book-cart-item.ts";
import { defineIsland } from "#app/lib/island.tsx";

/**
 * The home page's book grid with each card's Add to Collection button: one island (decision 21),
 * composed here as a route composes features, since its props must be plain JSON.
 */
function HomeBookGrid({ books, currency }: { books: Book[]; currency: string }) {
  return (
    <BookGrid
      books={books}
      currency={currency}
      renderAction={(book) => <AddToCartButton item={bookCartItem(book)} className="mt-3 w-full" />}
    />
  );
}

export const HomeBookGridIsland = defineIsland("home-book-grid", HomeBookGrid);
