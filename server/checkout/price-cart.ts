import { formatMoney } from "#common/money/money.ts";
import type { AppServices } from "#server/services.ts";
import type { CartRequestLine } from "#common/checkout/cart-param.ts";
import { readPriceBreaks, unitPriceFor, type PriceBreak } from "#common/books/price-breaks.ts";
import { BUNDLE_ID_PREFIX } from "#common/books/bundle-schema.ts";
import { bundleAvailability } from "#server/books/bundle.ts";
import { loadBundleParts } from "#server/books/list-bundles.ts";

export interface PricedLine {
  kind: "book" | "bundle";
  id: string;
  title: string;
  /** What one costs on this line: the book's price break for its quantity, else its list price. */
  unitPriceCents: number;
  /** The book's or bundle's own price (above unitPriceCents when a break applies). */
  listPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  image: string | null;
  /** Units available now (a bundle's from its parts); null when not tracked. For a cart refilled from it (Order Again). */
  stock: number | null;
  /** Books one unit takes from the shelf: 1 for a book, a bundle's book count (decision 38). */
  booksEach: number;
  /** The book's quantity price breaks (decision 36); empty for a bundle. */
  priceBreaks: PriceBreak[];
}

/** One difference between the cart the buyer filled and the catalogue now. */
export interface CartAdjustment {
  id: string;
  /** Null when the item is gone from the catalogue. */
  title: string | null;
  /** gone: deleted or never sold; sold-out: none left (removed); lowered: fewer left; price: price changed. */
  kind: "gone" | "sold-out" | "lowered" | "price";
  /** In words, for the page ("The price of "X" changed from $A to $B."). */
  message: string;
}

export interface PricedCart {
  /** The lines that can be bought, adjusted to what the database says now. */
  lines: PricedLine[];
  adjustments: CartAdjustment[];
  subtotalCents: number;
}

/**
 * Prices cart lines from the database: book and bundle prices as they are now, quantities
 * within stock (null stock: unlimited), each book line at its price break for the line's own
 * quantity (decision 36; counted after any lowering to the stock). Lines whose item is gone or sold out are removed, lines
 * above stock are lowered, and each difference from the cart the buyer saw is said in words.
 * Runs on the page (to show the summary) and again inside the order's transaction, where its
 * prices are the ones copied onto the order.
 */
export async function priceCart(
  { db }: Pick<AppServices, "db">,
  input: { lines: readonly CartRequestLine[]; currency: string },
): Promise<PricedCart> {
  const bookIds = input.lines.filter((line) => !isBundleId(line.id)).map((line) => line.id);
  const bundleIds = input.lines.filter((line) => isBundleId(line.id)).map((line) => line.id);
  const [books, bundles, parts] = await Promise.all([
    bookIds.length === 0
      ? []
      : db
          .selectFrom("books")
          .select(["id", "title", "price_cents", "stock", "image_url", "price_breaks"])
          .where("id", "in", bookIds)
          .execute(),
    bundleIds.length === 0
      ? []
      : db
          .selectFrom("bundles")
          .select(["id", "name", "price_cents", "book_count"])
          .where("id", "in", bundleIds)
          .execute(),
    loadBundleParts(db, bundleIds),
  ]);
  const catalogue = new Map<
    string,
    {
      kind: "book" | "bundle";
      title: string;
      price: number;
      stock: number | null;
      image: string | null;
      breaks: PriceBreak[];
      booksEach: number;
    }
  >();
  for (const book of books) {
    catalogue.set(book.id, {
      kind: "book",
      title: book.title,
      price: book.price_cents,
      stock: book.stock,
      image: book.image_url,
      breaks: readPriceBreaks(book.price_breaks),
      booksEach: 1,
    });
  }
  for (const bundle of bundles) {
    catalogue.set(bundle.id, {
      kind: "bundle",
      title: bundle.name,
      price: bundle.price_cents,
      // From its parts: a set whose part was deleted is sold out, never sold short or free.
      stock: bundleAvailability(bundle.book_count, parts.get(bundle.id) ?? []),
      image: null,
      breaks: [],
      booksEach: bundle.book_count,
    });
  }

  const money = (cents: number) => formatMoney(cents, input.currency);
  const lines: PricedLine[] = [];
  const adjustments: CartAdjustment[] = [];
  for (const line of input.lines) {
    const item = catalogue.get(line.id);
    if (!item) {
      adjustments.push({
        id: line.id,
        title: null,
        kind: "gone",
        message: "An item in your cart is no longer available and was removed.",
      });
      continue;
    }
    if (item.stock !== null && item.stock < 1) {
      adjustments.push({
        id: line.id,
        title: item.title,
        kind: "sold-out",
        message: `"${item.title}" is no longer available and was removed.`,
      });
      continue;
    }
    // Within the stock first: the break is the one the quantity bought reaches.
    const quantity = item.stock !== null && line.quantity > item.stock ? item.stock : line.quantity;
    // The cart sent the unit price it showed, its break included: a new price, or a break the
    // lowered quantity no longer reaches, is said in words.
    const unitPriceCents = unitPriceFor(item.price, item.breaks, quantity);
    if (line.cartPriceCents !== undefined && line.cartPriceCents !== unitPriceCents) {
      adjustments.push({
        id: line.id,
        title: item.title,
        kind: "price",
        message: `The price of "${item.title}" changed from ${money(line.cartPriceCents)} to ${money(unitPriceCents)}.`,
      });
    }
    if (quantity < line.quantity) {
      adjustments.push({
        id: line.id,
        title: item.title,
        kind: "lowered",
        message: `Only ${quantity} of "${item.title}" ${quantity === 1 ? "is" : "are"} left; your quantity was lowered.`,
      });
    }
    lines.push({
      kind: item.kind,
      id: line.id,
      title: item.title,
      unitPriceCents,
      listPriceCents: item.price,
      quantity,
      lineTotalCents: unitPriceCents * quantity,
      image: item.image,
      stock: item.stock,
      booksEach: item.booksEach,
      priceBreaks: item.breaks,
    });
  }
  return { lines, adjustments, subtotalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0) };
}

export function isBundleId(id: string): boolean {
  return id.startsWith(BUNDLE_ID_PREFIX);
}
