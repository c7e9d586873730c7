import type { Book } from "#server/books/book.ts";
import type { Bundle } from "#server/books/bundle.ts";
import type { CartItem } from "./cart-rules.ts";

export function bookCartItem(book: Book): CartItem {
  return {
    id: book.id,
    name: book.title,
    priceCents: book.priceCents,
    stock: book.stock,
    image: book.imageUrl,
    // Left out when none: the item is an island's prop and a stored cart line on every page.
    ...(book.priceBreaks.length > 0 ? { priceBreaks: book.priceBreaks } : {}),
  };
}

export function bundleCartItem(bundle: Bundle): CartItem {
  return { id: bundle.id, name: bundle.name, priceCents: bundle.priceCents, stock: bundle.stock, image: null };
}
