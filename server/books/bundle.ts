import type { Selectable } from "kysely";
import { z } from "zod";
import type { BundlesTable } from "#server/db/schema.ts";

/**
 * A bundle or class set (decision 38): books and counts sold together at its own price. It has
 * no stock of its own: what can be sold comes from its parts' stock. Money in cents.
 */
export interface Bundle {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  /** Former price, shown struck through; null when there is none. */
  originalPriceCents: number | null;
  /** E.g. "Save 22%"; null shows no savings label. */
  savings: string | null;
  /** Number of books in one set, as defined (the sum of its parts' counts). */
  bookCount: number;
  features: string[];
  popular: boolean;
  /** Sets that can be sold now, from the parts' stock; null when no part's stock is tracked. 0 when a part was deleted. */
  stock: number | null;
  /** The parts, in display order (fewer than defined when a book was deleted: then stock is 0). */
  books: BundleBook[];
}

export interface BundleBook {
  id: string;
  title: string;
  slug: string;
  imageUrl: string | null;
  /** Copies of this book in one set. */
  quantity: number;
}

/** A part as the stock rule reads it: a book's copies per set and the copies on its shelf (null: untracked). */
export interface StockedPart {
  quantity: number;
  stock: number | null;
}

/**
 * The sets that can be made from the parts: the fewest any part allows (its stock over its
 * count, rounded down); null when no part's stock is tracked. A bundle with no parts, or with
 * fewer books than it was defined with (a part deleted since), is unavailable: 0, never sold short
 * or free.
 */
export function bundleAvailability(definedBookCount: number, parts: readonly StockedPart[]): number | null {
  const books = parts.reduce((sum, part) => sum + part.quantity, 0);
  if (parts.length === 0 || books < definedBookCount) return 0;
  let fewest: number | null = null;
  for (const part of parts) {
    if (part.stock === null) continue;
    const sets = Math.floor(Math.max(0, part.stock) / part.quantity);
    fewest = fewest === null ? sets : Math.min(fewest, sets);
  }
  return fewest;
}

const featuresSchema = z.array(z.string());

export function toBundle(
  row: Selectable<BundlesTable>,
  parts: readonly (BundleBook & { stock: number | null })[] = [],
): Bundle {
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
    stock: bundleAvailability(row.book_count, parts),
    books: parts.map(({ stock: _stock, ...book }) => book),
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
