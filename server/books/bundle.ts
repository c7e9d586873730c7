import type { Selectable } from "kysely";
import { z } from "zod";
import type { BundlesTable } from "#server/db/schema.ts";

/** A bundle of the pricing section (decision 9: a catalogue row with its own stock). Money in cents. */
export interface Bundle {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  /** Former price, shown struck through; null when there is none. */
  originalPriceCents: number | null;
  /** E.g. "Save 22%"; null shows no savings label. */
  savings: string | null;
  /** Number of books in the set. */
  bookCount: number;
  features: string[];
  popular: boolean;
  /** Units available; null means the stock is not tracked (no limit). */
  stock: number | null;
  /** The books inside, in display order (may be fewer than `bookCount` if some were deleted). */
  books: BundleBook[];
}

export interface BundleBook {
  title: string;
  slug: string;
  imageUrl: string | null;
}

const featuresSchema = z.array(z.string());

export function toBundle(row: Selectable<BundlesTable>, books: BundleBook[] = []): Bundle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    originalPriceCents: row.original_price_cents,
    savings: row.savings,
    bookCount: row.book_count,
    features: readFeatures(row.features),
    popular: Boolean(row.popular),
    stock: row.stock,
    books,
  };
}

/** A features column that is not a JSON list of texts shows no features rather than breaking the home page. */
function readFeatures(stored: string): string[] {
  try {
    const parsed = featuresSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
