// The storefront pages issue 14's targets cover, on a freshly seeded data directory: used by the
// page-weight and Lighthouse figures alike, so both measure the same pages.
import { openDatabase } from "#server/db/database.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";

export interface StorefrontPage {
  /** How the bench names it: `/`, `a book page`, `/books`, `/checkout`, `/our-mission`, … */
  name: string;
  path: string;
  /** The page says noindex on purpose: Lighthouse's crawlability audit does not apply. */
  noindex?: boolean;
}

/** The storefront pages anyone reaches without signing in, beside the catalogue and checkout. */
const PUBLIC_PAGES = [
  "/our-mission",
  "/about-us",
  "/for-churches",
  "/for-schools",
  "/terms-of-service",
  "/privacy-policy",
  "/statement-of-faith",
  "/shipping-information",
  "/returns-and-refunds",
  "/sitemap",
  "/help-center",
  "/contact-us",
  "/track-order",
  "/signup",
  "/forgot-password",
] as const;

/**
 * Every storefront page a visitor reaches without signing in (issue 30): `/`, the first book's
 * page, `/books`, `/checkout` with that book in its cart (the cart travels in the address, as the
 * cart sheet links it), Track Order with a sample order's id, and the public pages. Turns
 * pay-by-invoice on first: without a way to pay the checkout page only says it is not ready.
 * The signed-in pages (account, edit profile, order history) are not listed yet.
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
      { name: "/checkout", path: `/checkout?items=${book.id}:1:${book.price_cents}`, noindex: true },
      ...PUBLIC_PAGES.map((path) => ({ name: path, path })),
      { name: "/track-order with an id", path: "/track-order?orderId=ORD-2025-001" },
      { name: "/login", path: "/login", noindex: true },
    ];
  } finally {
    await handle.close();
  }
}
