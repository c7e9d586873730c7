import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * The first schema: the catalogue, orders with their items and tracking history, the single
 * store-settings row with its shipping methods, newsletter subscribers, profiles and
 * better-auth's tables (user with the admin plugin's role fields, session, account, verification).
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  // better-auth's tables keep its default camelCase column names so it needs no field mapping.
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", "boolean", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", timestamp, (c) => c.notNull())
    .addColumn("updatedAt", timestamp, (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("banned", "boolean")
    .addColumn("banReason", "text")
    .addColumn("banExpires", timestamp)
    .execute();
  await db.schema
    .createIndex("user_email_lower_idx")
    .on("user")
    .expression(sql`lower("email")`)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", timestamp, (c) => c.notNull())
    .addColumn("updatedAt", timestamp, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();
  await createColumnIndex(db, "session_user_id_idx", "session", ["userId"]);

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", timestamp)
    .addColumn("refreshTokenExpiresAt", timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", timestamp, (c) => c.notNull())
    .addColumn("updatedAt", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "account_user_id_idx", "account", ["userId"]);

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", timestamp, (c) => c.notNull())
    .addColumn("createdAt", timestamp, (c) => c.notNull())
    .addColumn("updatedAt", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "verification_identifier_idx", "verification", ["identifier"]);

  await db.schema
    .createTable("profiles")
    .addColumn("id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("full_name", "text")
    .addColumn("username", "text")
    .addColumn("website", "text")
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("profiles_username_lower_idx")
    .on("profiles")
    .unique()
    .expression(sql`lower(username)`)
    .where(sql.ref("username"), "is not", null)
    .execute();

  await db.schema
    .createTable("books")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("original_price_cents", "integer", (c) => c.check(sql`original_price_cents >= 0`))
    .addColumn("image_url", "text")
    .addColumn("badge", "text")
    .addColumn("rating", "double precision", (c) => c.check(sql`rating >= 0 and rating <= 5`))
    .addColumn("reviews", "integer", (c) => c.check(sql`reviews >= 0`))
    .addColumn("age_range", "text")
    .addColumn("stock", "integer", (c) => c.check(sql`stock >= 0`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "books_created_at_idx", "books", ["created_at", "id"]);

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_date", timestamp, (c) => c.notNull())
    .addColumn("customer_email", "text", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled')`),
    )
    .addColumn("estimated_delivery", "text")
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "orders_order_date_idx", "orders", ["order_date"]);
  await db.schema
    .createIndex("orders_customer_email_lower_idx")
    .on("orders")
    .expression(sql`lower(customer_email)`)
    .execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.references("books.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "order_items_order_id_idx", "order_items", ["order_id"]);
  await createColumnIndex(db, "order_items_book_id_idx", "order_items", ["book_id"]);

  await db.schema
    .createTable("order_status_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("occurred_at", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "order_status_history_order_idx", "order_status_history", ["order_id", "occurred_at"]);

  await db.schema
    .createTable("store_settings")
    .addColumn("id", "text", (c) => c.primaryKey().check(sql`id = 'store'`))
    .addColumn("store_name", "text", (c) => c.notNull())
    .addColumn("contact_email", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("enable_stripe", "boolean", (c) => c.notNull())
    .addColumn("stripe_publishable_key", "text")
    .addColumn("stripe_secret_key_encrypted", "text")
    .addColumn("enable_paypal", "boolean", (c) => c.notNull())
    .addColumn("paypal_client_id", "text")
    .addColumn("enable_maintenance_mode", "boolean", (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("shipping_methods")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("settings_id", "text", (c) => c.notNull().references("store_settings.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("rate_cents", "integer", (c) => c.notNull().check(sql`rate_cents >= 0`))
    .addColumn("enabled", "boolean", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("email_subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subscribed_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("email_subscribers_email_lower_idx")
    .on("email_subscribers")
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await createColumnIndex(db, "email_subscribers_subscribed_at_idx", "email_subscribers", ["subscribed_at"]);
}
