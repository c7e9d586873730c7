import type { BookRow } from "#server/db/schema.ts";

/** A book as the storefront and admin see it. Money stays in integer cents. */
export interface Book {
  id: string;
  slug: string;
  title: string;
  author: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  imageUrl: string | null;
  badge: string | null;
  rating: number | null;
  reviews: number | null;
  ageRange: string | null;
  /** Units available; null means the stock is not tracked (no limit). */
  stock: number | null;
  /** Topic tags set by an admin (Christmas, Parables, …); empty when none. */
  tags: string[];
  createdAt: string;
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
    stock: row.stock,
    tags: parseTags(row.tags),
    createdAt: row.created_at,
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
