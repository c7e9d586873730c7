import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex, filledColumn } from "../migration-builders.ts";

/**
 * Real checkout (decision 9): orders gain the buyer's address, the shipping and payment they
 * chose, a payment state beside the fulfilment status, and `stock_taken` (this order currently
 * holds units taken from stock, so cancelling or expiring gives them back exactly once). The
 * checkout token, unique, makes placing an order idempotent. The three bundles of the home page
 * become catalogue rows with their own stock. Stripe events are recorded once (`payment_events`)
 * and e-mails go through an outbox that is retried until the mail server takes them.
 * Orders from before this change (the seeded samples) count as paid, with no stock held.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("bundles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("original_price_cents", "integer", (c) => c.check(sql`original_price_cents >= 0`))
    .addColumn("savings", "text")
    .addColumn("book_count", "integer", (c) => c.notNull().check(sql`book_count >= 0`))
    /** A JSON array of strings. */
    .addColumn("features", "text", (c) => c.notNull())
    .addColumn("popular", "boolean", (c) => c.notNull())
    .addColumn("stock", "integer", (c) => c.check(sql`stock >= 0`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await (db as Kysely<{ bundles: Record<string, unknown> }>)
    .insertInto("bundles")
    .values(
      BUNDLE_ROWS.map((bundle, position) => ({
        ...bundle,
        features: JSON.stringify(bundle.features),
        position,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  const orders = db.schema.alterTable("orders");
  // The buyer's details and address, then the money columns, in the order they were added.
  const detailColumns = [
    "checkout_token",
    "customer_name",
    "phone",
    "organisation",
    "po_number",
    "ship_street",
    "ship_city",
    "ship_region",
    "ship_postal_code",
    "ship_country",
    "shipping_method_id",
    "shipping_method_name",
  ];
  for (const step of [
    ...detailColumns.map((name) => orders.addColumn(name, "text")),
    orders.addColumn("shipping_cents", "integer", filledColumn(0, sql`shipping_cents >= 0`)),
    orders.addColumn("subtotal_cents", "integer", filledColumn(0, sql`subtotal_cents >= 0`)),
    orders.addColumn("currency", "text", (c) => c.notNull().defaultTo("USD")),
    orders.addColumn("payment_method", "text", (c) => c.check(sql`payment_method in ('card', 'invoice')`)),
    orders.addColumn("payment_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("paid")
        .check(
          sql`payment_status in ('awaiting_payment', 'paid', 'partially_refunded', 'refunded', 'payment_failed', 'expired', 'needs_review', 'voided')`,
        ),
    ),
    orders.addColumn("payment_reference", "text"),
    orders.addColumn("stripe_session_id", "text"),
    orders.addColumn("payment_expires_at", timestamp),
    orders.addColumn("paid_at", timestamp),
    orders.addColumn("amount_paid_cents", "integer", filledColumn(0, sql`amount_paid_cents >= 0`)),
    orders.addColumn("amount_refunded_cents", "integer", filledColumn(0, sql`amount_refunded_cents >= 0`)),
    orders.addColumn("stock_taken", "boolean", (c) => c.notNull().defaultTo(false)),
  ]) {
    await step.execute();
  }
  await sql`update orders set subtotal_cents = total_cents, amount_paid_cents = total_cents`.execute(db);
  await createColumnIndex(db, "orders_checkout_token_idx", "orders", ["checkout_token"], { unique: true });
  await createColumnIndex(db, "orders_stripe_session_id_idx", "orders", ["stripe_session_id"]);
  // The sweeper's query: orders still waiting for a card payment past their deadline.
  await createColumnIndex(db, "orders_payment_expires_at_idx", "orders", ["payment_status", "payment_expires_at"]);

  await db.schema
    .alterTable("order_items")
    .addColumn("bundle_id", "text", (c) => c.references("bundles.id").onDelete("set null"))
    .execute();
  await createColumnIndex(db, "order_items_bundle_id_idx", "order_items", ["bundle_id"]);

  await db.schema
    .alterTable("order_status_history")
    .addColumn("customer_visible", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.alterTable("order_status_history").addColumn("note", "text").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "payment_events_order_id_idx", "payment_events", ["order_id"]);

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** Queuing the same mail twice (a retried request) finds this key and adds nothing. */
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", timestamp, (c) => c.notNull())
    .addColumn("sent_at", timestamp)
    .addColumn("last_error", "text")
    .execute();
  await createColumnIndex(db, "mail_outbox_pending_idx", "mail_outbox", ["sent_at", "next_attempt_at"]);

  const settings = db.schema.alterTable("store_settings");
  for (const step of [
    settings.addColumn("stripe_webhook_secret_encrypted", "text"),
    settings.addColumn("enable_invoice", "boolean", (c) => c.notNull().defaultTo(false)),
    settings.addColumn("invoice_terms", "text"),
    /** ISO 3166 codes separated by commas; null ships everywhere. */
    settings.addColumn("shipping_countries", "text"),
  ]) {
    await step.execute();
  }

  // The mail job gave up on this row (a day of failures): no longer due, kept for the record.
  await db.schema.alterTable("mail_outbox").addColumn("failed_at", timestamp).execute();
}

/** The spec's three bundles (section 3), as they were hard-coded on the home page. */
const BUNDLE_ROWS = [
  {
    id: "pkg-disciple",
    name: "The Disciple's Set",
    description:
      "A gentle first step into God's Word: three hardcover Bible stories chosen for the youngest listeners and perfect for bedtime.",
    price_cents: 3499,
    original_price_cents: 4500,
    savings: "Save 22%",
    book_count: 3,
    features: [
      "3 hardcover Bible-story books",
      "Perfect for ages 3-7",
      "Full-color illustrations on every page",
      "Theologically reviewed and faithful to Scripture",
      "30-day satisfaction guarantee",
    ],
    popular: false,
    stock: 30,
  },
  {
    id: "pkg-shepherd",
    name: "The Shepherd's Pack",
    description:
      "Three of our best-loved hardcover stories for families who want to read through the great moments of the Bible together.",
    price_cents: 6999,
    original_price_cents: 12000,
    savings: "Save 41%",
    book_count: 3,
    features: [
      "3 best-loved hardcover Bible stories",
      "Wonderful for family devotions and read-aloud time",
      "Rich, keepsake-quality illustrations",
      "Theologically reviewed and faithful to Scripture",
      "A thoughtful gift for birthdays and baptisms",
    ],
    popular: true,
    stock: 20,
  },
  {
    id: "pkg-prophet",
    name: "The Prophet's Collection",
    description:
      "Our most complete set: seven hardcover Bible stories to build a home library, stock a Sunday school room, or fill a classroom shelf.",
    price_cents: 15999,
    original_price_cents: 25000,
    savings: "Save 36%",
    book_count: 7,
    features: [
      "7 hardcover Bible-story books",
      "Our best value for families, churches, and schools",
      "Ideal for Sunday school, homeschool, and church libraries",
      "Theologically reviewed and faithful to Scripture",
      "90-day satisfaction guarantee",
    ],
    popular: false,
    stock: 10,
  },
];
