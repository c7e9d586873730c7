// The storefront pages issue 14's targets cover, on a freshly seeded data directory: used by the
// page-weight and Lighthouse figures alike, so both measure the same pages.
import { openDatabase } from "#server/db/database.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";

export interface StorefrontPage {
  /** How the bench names it: `/`, `a book page`, `/books`, `/checkout`. */
  name: string;
  path: string;
}

/**
 * `/`, the first book's page, `/books` and `/checkout` with that book in its cart (the cart
 * travels in the address, as the cart sheet links it). Turns pay-by-invoice on first: without a
 * way to pay the checkout page only says it is not ready, and has no form to measure.
 */
export async function storefrontPages(dataDir: string): Promise<StorefrontPage[]> {
  const handle = openDatabase({ dataDir });
  try {
    const book = await handle.db
      .selectFrom("books")
      .select(["id", "slug", "price_cents"])
      .orderBy("title")
      .executeTakeFirstOrThrow();
    await enableInvoicePayments(handle.db);
    return [
      { name: "/", path: "/" },
      { name: "a book page", path: `/books/${book.slug}` },
      { name: "/books", path: "/books" },
      { name: "/checkout", path: `/checkout?items=${book.id}:1:${book.price_cents}` },
    ];
  } finally {
    await handle.close();
  }
}
