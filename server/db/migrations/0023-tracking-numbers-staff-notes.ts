import type { Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * Issue 34: an order's parcels (carrier and tracking number, several per order, each correctable)
 * and staff notes on an order. Both go with their order. The carrier list lives in
 * common/orders/carriers.ts, checked by the forms' schema: no CHECK here, so a new carrier needs no
 * table rebuild on SQLite (readers show an unknown one as "other"). One number once per order;
 * `position` keeps the parcels in the order staff entered them (several are added in one instant).
 * A note keeps its author's address as written, so it outlives the author's account.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("order_tracking_numbers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("tracking_number", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(
    db,
    "order_tracking_numbers_order_number_idx",
    "order_tracking_numbers",
    ["order_id", "tracking_number"],
    { unique: true },
  );

  await db.schema
    .createTable("order_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("author_user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("author_email", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await createColumnIndex(db, "order_notes_order_idx", "order_notes", ["order_id", "created_at"]);
}
