import type { Book } from "#server/books/book.ts";
import type { CartItem } from "./cart-rules.ts";

export function bookCartItem(book: Book): CartItem {
  return { id: book.id, name: book.title, priceCents: book.priceCents, stock: book.stock, image: book.imageUrl };
}
