import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import {
  createEmptyTestDatabase,
  dataModelTables,
  TEST_ENGINES,
  type TestDatabase,
} from "#tests/support/test-database.ts";
import { bareOrderLineRow, bareStoreSettingsRow } from "#tests/support/schema-rows.ts";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

const MIGRATION_NAMES = [
  "0001-initial-schema",
  "0002-contact-messages",
  "0003-order-id-lower-index",
  "0004-order-owner",
  "0005-subscriber-confirmation",
  "0006-checkout",
  "0007-cover-images",
  "0008-rate-limits",
  "0009-book-tags-search",
  "0010-low-stock-threshold",
  "0012-bundle-books",
  "0014-page-generation",
  "0015-orders-payment-reference-index",
  "0016-owner-setup-tokens",
  "0017-order-client-key",
  "0018-contact-enquiries",
  "0019-store-postal-address",
  "0020-paypal-payments",
  "0022-tax-exemptions",
  "0023-tracking-numbers-staff-notes",
  "0024-free-story-social-links",
  "0025-book-age-numbers",
  "0026-sales-tax",
  "0027-return-claims",
  "0028-book-price-breaks",
  "0029-shipping-by-items",
  "0030-bundles-of-books",
  "0031-discount-codes",
  "0032-stripe-tax",
];

const APP_TABLES = [
  "account",
  "book_tags",
  "books",
  "bundle_books",
  "bundles",
  "contact_messages",
  "cover_image_aliases",
  "cover_images",
  "discount_codes",
  "email_subscribers",
  "free_story",
  "mail_outbox",
  "order_bundle_units",
  "order_items",
  "order_notes",
  "order_status_history",
  "order_tax_lines",
  "order_tracking_numbers",
  "orders",
  "organisations",
  "owner_setup_tokens",
  "page_generation",
  "payment_events",
  "private_files",
  "profiles",
  "rate_limits",
  "return_claim_lines",
  "return_claims",
  "session",
  "shipping_methods",
  "store_settings",
  "tax_certificate_files",
  "tax_exemption_certificates",
  "tax_rates",
  "user",
  "verification",
];

describe.each(TEST_ENGINES)("migrations on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("creates every table of the data model and records the migration", async () => {
    setTestDb(await createEmptyTestDatabase(engine));
    const applied = await migrateToLatest(testDb.handle);
    expect(applied).toEqual(MIGRATION_NAMES);

    expect((await dataModelTables(testDb.handle.db)).sort()).toEqual(APP_TABLES);
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(testDb.handle.db);
    expect(recorded.rows.map((r) => r.name)).toEqual(MIGRATION_NAMES);
  });

  it("applies nothing the second time", async () => {
    setTestDb(await createEmptyTestDatabase(engine));
    await migrateToLatest(testDb.handle);
    expect(await migrateToLatest(testDb.handle)).toEqual([]);
  });

  it("enforces the model's rules in the database itself", async () => {
    setTestDb(await createEmptyTestDatabase(engine));
    await migrateToLatest(testDb.handle);
    const { db } = testDb.handle;
    const now = new Date().toISOString();

    await db
      .insertInto("email_subscribers")
      .values({ id: "a", email: "Reader@Example.com", subscribed_at: now })
      .execute();
    // The same address in other letter case is the same subscriber.
    await expect(
      db.insertInto("email_subscribers").values({ id: "b", email: "reader@example.COM", subscribed_at: now }).execute(),
    ).rejects.toThrow();

    await expect(
      db
        .insertInto("orders")
        .values({
          id: "X",
          order_date: now,
          customer_email: "a@b.c",
          total_cents: 100,
          status: "Lost" as never,
          estimated_delivery: null,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();

    const book = {
      id: "book-1",
      slug: "book-1",
      title: "T",
      author: "A",
      description: "D",
      price_cents: 1000,
      original_price_cents: null,
      image_url: null,
      badge: null,
      rating: 4.5,
      reviews: 3,
      age_range: null,
      stock: 2,
      created_at: now,
      updated_at: now,
    };
    await expect(
      db
        .insertInto("books")
        .values({ ...book, rating: 5.5 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("books")
        .values({ ...book, price_cents: -1 })
        .execute(),
    ).rejects.toThrow();
    await db.insertInto("books").values(book).execute();

    // Deleting a book keeps the order line with its own title and price.
    await db
      .insertInto("orders")
      .values({
        id: "ORD-1",
        order_date: now,
        customer_email: "a@b.c",
        total_cents: 1000,
        status: "Pending",
        estimated_delivery: null,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto("order_items")
      .values(bareOrderLineRow("ORD-1", { book_id: "book-1", title: "T", unit_price_cents: 1000 }))
      .execute();
    await db.deleteFrom("books").where("id", "=", "book-1").execute();
    const line = await db.selectFrom("order_items").selectAll().where("id", "=", "i1").executeTakeFirstOrThrow();
    expect(line).toMatchObject({ book_id: null, title: "T", unit_price_cents: 1000 });

    // Booleans and timestamps read back the same on both engines.
    await db
      .insertInto("store_settings")
      .values(
        bareStoreSettingsRow({ enable_stripe: true, enable_paypal: false, updated_at: "2025-07-03T10:00:00.000Z" }),
      )
      .execute();
    const settings = await db.selectFrom("store_settings").selectAll().executeTakeFirstOrThrow();
    expect(Boolean(settings.enable_stripe)).toBe(true);
    expect(Boolean(settings.enable_paypal)).toBe(false);
    expect(settings.updated_at).toBe("2025-07-03T10:00:00.000Z");
    await expect(
      db
        .insertInto("store_settings")
        .values({ ...settings, id: "second" })
        .execute(),
    ).rejects.toThrow();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("migrations on postgres from two processes", () => {
  it("applies each migration once when two servers start together", async () => {
    const testDb = await createEmptyTestDatabase("postgres");
    const second = openDatabase({ databaseUrl: testDb.databaseUrl!, dataDir: testDb.dataDir });
    try {
      const [a, b] = await Promise.all([migrateToLatest(testDb.handle), migrateToLatest(second)]);
      expect([...a, ...b]).toEqual(MIGRATION_NAMES);
      const recorded = await sql<{ count: number }>`select count(*) as count from kysely_migration`.execute(
        testDb.handle.db,
      );
      expect(Number(recorded.rows[0]!.count)).toBe(MIGRATION_NAMES.length);
    } finally {
      await second.close();
      await testDb.cleanup();
    }
  });
});
