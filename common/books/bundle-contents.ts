/** What a bundle holds, as its card and the bulk order form state it. */
export interface BundleContents {
  /** Books in one set: the sum of its parts' counts. */
  bookCount: number;
  books: readonly { title: string; quantity: number }[];
}

/**
 * "3 books: A, B, C", or with counts "13 books: 12 × A, 1 × B" (decision 38). A set whose parts
 * are all gone says only its count.
 */
export function bundleContents(bundle: BundleContents): string {
  const count = bookCountText(bundle.bookCount);
  if (bundle.books.length === 0) return count;
  const counted = bundle.books.some((book) => book.quantity > 1);
  return `${count}: ${bundle.books.map((book) => (counted ? `${book.quantity} × ${book.title}` : book.title)).join(", ")}`;
}

/** "3 books" or "1 book": the heading of a set's list of titles. */
export function bookCountText(count: number): string {
  return `${count} ${count === 1 ? "book" : "books"}`;
}
