// The storefront pages issue 14's targets cover, on a freshly seeded data directory: used by the
// page-weight and Lighthouse figures alike, so both measure the same pages.
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";
import { openDatabase } from "#server/db/database.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { capturedLogger } from "#tests/support/captured-logger.ts";
import { storyPdf } from "#tests/support/story-pdf.ts";
import { DatabasePrivateFileStore } from "#server/files/private-file-store.ts";
import { saveFreeStory } from "#server/free-story/save-free-story.ts";
import { addCookieHeader, newCustomerSession } from "#tests/support/customer-session.ts";
import { STOREFRONT_INFO_PAGES } from "#tests/support/storefront-info-pages.ts";
import { TEST_BUYER_ADDRESS } from "#tests/support/test-orders.ts";

export interface StorefrontPage {
  /** How the bench names it: `/`, `a book page`, `/books`, `/checkout`, `/our-mission`, … */
  name: string;
  path: string;
  /** The page says noindex on purpose: Lighthouse's crawlability audit does not apply. */
  noindex?: boolean;
  /** The Cookie header to send: a signed-in customer's session, for the pages behind sign-in. */
  cookie?: string;
}

/** The storefront pages anyone reaches without signing in, beside the catalogue and checkout. */
const PUBLIC_PAGES = [...STOREFRONT_INFO_PAGES, "/bulk-order", "/free-story", "/signup", "/forgot-password"] as const;

/** The pages a signed-in customer has (`/reset-password` signed in: Change Password). */
const SIGNED_IN_PAGES = ["/account", "/edit-profile", "/order-history", "/reset-password"] as const;

/** The bench's customer, signed up through the real form. */
const CUSTOMER = { email: "bench.reader@example.com", password: "Bench-Reader-Psalm-119-105" };

/**
 * Every storefront page of issue 30: `/`, the first book's page, `/books`, `/checkout` with that
 * book in its cart (the cart travels in the address, as the cart sheet links it), Track Order
 * with a sample order's id, the public pages, the returns page (empty, and with the customer's
 * order), and the signed-in customer's pages: My Account, Edit Profile, Order History, Change
 * Password, Organisation & tax exemption and the confirmation of an order they just placed.
 * Turns pay-by-invoice on first (without a way to pay the checkout page only says it is not
 * ready) and uploads a free story (without one its page is a 404). The customer signs up, signs in and orders through the shop at `origin`, posting the
 * forms as a browser without scripts does.
 */
export async function storefrontPages(dataDir: string, origin: string): Promise<StorefrontPage[]> {
  const handle = openDatabase({ dataDir });
  let book: { id: string; slug: string; price_cents: number };
  let shippingMethodId: string;
  try {
    book = await handle.db
      .selectFrom("books")
      .select(["id", "slug", "price_cents"])
      .orderBy("title")
      .executeTakeFirstOrThrow();
    shippingMethodId = (
      await handle.db.selectFrom("shipping_methods").select("id").orderBy("position").executeTakeFirstOrThrow()
    ).id;
    await enableInvoicePayments(handle.db);
    // The free story's page exists once a story is uploaded (decision 32).
    await saveFreeStory(
      {
        db: handle.db,
        clock: () => new Date(),
        privateFiles: new DatabasePrivateFileStore(handle.db),
        ...capturedLogger(),
      },
      { bytes: await storyPdf(), uploadedName: "jonah.pdf" },
    );
  } finally {
    await handle.close();
  }
  const cookie = await newCustomerSession(origin, CUSTOMER);
  const confirmation = await placeOrder(origin, cookie, { items: `${book.id}:1`, shippingMethodId });
  return [
    { name: "/", path: "/" },
    { name: "a book page", path: `/books/${book.slug}` },
    { name: "/books", path: "/books" },
    { name: "/checkout", path: `/checkout?items=${book.id}:1:${book.price_cents}`, noindex: true },
    ...PUBLIC_PAGES.map((path) => ({ name: path, path })),
    // The order the bench just placed: a production start seeds no sample orders.
    { name: "/track-order with an id", path: `/track-order?orderId=${orderIdOf(confirmation)}` },
    { name: "/login", path: "/login", noindex: true },
    { name: "/returns", path: "/returns", noindex: true },
    { name: "/returns with an order", path: `/returns?orderId=${orderIdOf(confirmation)}`, noindex: true, cookie },
    { name: "/tax-exemption (signed in)", path: "/tax-exemption", noindex: true, cookie },
    ...SIGNED_IN_PAGES.map((path) => ({ name: `${path} (signed in)`, path, noindex: true, cookie })),
    { name: "an order confirmation (signed in)", path: confirmation, noindex: true, cookie },
  ];
}

/** Posts a form as a browser without scripts would: the answer itself, redirects not followed. */
/** The order id of a confirmation page's address. */
function orderIdOf(confirmation: string): string {
  return confirmation.split("/").pop()!.split("?")[0]!;
}

function postForm(origin: string, path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Places an invoice order as the signed-in customer: the address of its confirmation page. */
async function placeOrder(
  origin: string,
  cookie: string,
  order: { items: string; shippingMethodId: string },
): Promise<string> {
  const placed = await postForm(
    origin,
    "/checkout",
    {
      checkoutToken: randomUUID(),
      email: CUSTOMER.email,
      ...TEST_BUYER_ADDRESS,
      paymentMethod: "invoice",
      ...order,
    },
    cookie,
  );
  const location = placed.headers.get("location") ?? "";
  if (placed.status !== 302 || !location.startsWith("/order-confirmation/")) {
    throw new Error(`The bench's order answered ${placed.status} ${location}`);
  }
  return location;
}

/** A browser context for `page`: with its signed-in session's cookies when it has some. */
export async function contextFor(
  browser: Browser,
  origin: string,
  page: Pick<StorefrontPage, "cookie">,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (page.cookie) await addCookieHeader(context, origin, page.cookie);
  return context;
}
