/**
 * The page cache's rule (decision 17), as data: which tables shape the pages anonymous visitors
 * see. Every write to one of them bumps `page_generation` through a trigger, in the writing
 * transaction, whoever writes; each instance's page cache then drops pages rendered before.
 * Every other table is listed below with why its writes leave cached pages good.
 * `page-shaping-tables.test.ts` fails for a table in neither list, and when the database's
 * triggers differ from this list: a table added here needs a migration that gives it the trigger
 * (as migration 0014 did for the first six).
 */
export const PAGE_SHAPING_TABLES = [
  "books",
  "book_tags",
  "bundles",
  "bundle_books",
  "store_settings",
  "shipping_methods",
  // The home page shows "Get a Free Story" only while one is there (migration 0024).
  "free_story",
] as const;

export const NOT_PAGE_SHAPING_TABLES: Record<string, string> = {
  orders: "stock lives on books; orders show only on session pages",
  order_items: "as orders",
  order_bundle_units: "as orders: bundle availability comes from the books' stock",
  order_status_history: "Track Order is never cached (it carries a query)",
  order_tracking_numbers: "as order_status_history; and on session pages",
  order_notes: "read by staff only",
  payment_events: "webhook bookkeeping",
  mail_outbox: "mail queue",
  contact_messages: "read by staff only",
  email_subscribers: "the newsletter list, never shown",
  cover_images: "served by /covers with their own caching, addressed by content",
  cover_image_aliases: "as cover_images",
  rate_limits: "counters",
  page_generation: "the counter itself",
  user: "accounts: pages with a session are never cached",
  session: "as user",
  account: "as user",
  verification: "as user",
  profiles: "as user",
  owner_setup_tokens: "the one-time setup link, never shown",
  organisations: "as user",
  tax_exemption_certificates: "shown on account pages and to staff only",
  tax_certificate_files: "served to their owner and staff only, never cached",
  tax_rates: "read by the checkout and its tax quote, which are never cached",
  order_tax_lines: "as orders",
  private_files: "never served to visitors; whether a free story exists is free_story's row",
  return_claims: "shown on /returns (never cached) and to staff only",
  return_claim_lines: "as return_claims",
  discount_codes: "applied at checkout only (never cached); no cached page shows a code",
};
