import type { BookRow } from "#server/db/schema.ts";
import type { BookFormSource } from "#common/books/book-schema.ts";
import { readPriceBreaks, type PriceBreak } from "#common/books/price-breaks.ts";

/** A book as the storefront and admin see it. Money stays in integer cents. */
export interface Book extends BookFormSource {
  id: string;
  slug: string;
  imageUrl: string | null;
  createdAt: string;
  /** Quantity price breaks, thresholds increasing; empty when none (decision 36). */
  priceBreaks: PriceBreak[];
}

/** A row of the admin book table: what the table shows (the edit form loads the whole book). */
export type BookListItem = Pick<Book, "id" | "title" | "author" | "priceCents" | "stock" | "imageUrl">;

export function toBookListItem({ id, title, author, priceCents, stock, imageUrl }: Book): BookListItem {
  return { id, title, author, priceCents, stock, imageUrl };
}

export function toBook(row: BookRow): Book {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    description: row.description,
    priceCents: row.price_cents,
    originalPriceCents: row.original_price_cents,
    imageUrl: row.image_url,
    badge: row.badge,
    rating: row.rating,
    reviews: row.reviews,
    ageRange: row.age_range,
    ageMin: row.age_min,
    ageMax: row.age_max,
    stock: row.stock,
    tags: parseTags(row.tags),
    createdAt: row.created_at,
    priceBreaks: readPriceBreaks(row.price_breaks),
  };
}

/** The stored columns of a book's fields that the form edits (its saves, the CSV import and the seed write them). */
export function bookColumns(book: BookFormSource) {
  return {
    title: book.title,
    author: book.author,
    description: book.description,
    price_cents: book.priceCents,
    original_price_cents: book.originalPriceCents,
    badge: book.badge,
    rating: book.rating,
    reviews: book.reviews,
    age_range: book.ageRange,
    age_min: book.ageMin,
    age_max: book.ageMax,
    stock: book.stock,
    tags: JSON.stringify(book.tags),
  };
}

/** The stored JSON array of tags; anything else (a hand-edited row) reads as no tags. */
export function parseTags(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

/** The answer of /resources/books (common/books/book-list-paths.ts). */
export interface BookListPage {
  books: Book[];
  /** 1-based. */
  page: number;
  /** At least 1; pages after `page` are there to ask for while `page < pageCount`. */
  pageCount: number;
}
