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
    createdAt: row.created_at,
  };
}
