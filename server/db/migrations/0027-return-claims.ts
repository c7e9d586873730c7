import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * Returns and damage claims (issue 34, decision 35).
 *
 * `return_claims`: a customer's request to return or report damage for lines of an order, and
 * staff's handling of it: pending → approved or refused; approved → settled (by a refund of the
 * claimed lines' amount, or by a replacement order at no charge). The photo, when one was sent,
 * lives in the private file store under `photo_key` (never served publicly).
 * `return_claim_lines`: the order's lines and how many copies of each are claimed, with their
 * amount at the order's prices (what a refund pays back).
 * `orders.replacement_for_order_id`: a replacement order names the order it replaces.
 * `mail_outbox.return_claim_id`: the claim mails go through the one outbox.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("return_claims")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('return', 'damage')`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'approved', 'refused', 'settled')`))
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("photo_key", "text")
    .addColumn("photo_content_type", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("decided_at", timestamp)
    .addColumn("decided_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("instructions", "text")
    .addColumn("refusal_reason", "text")
    .addColumn("settlement", "text", (c) => c.check(sql`settlement in ('refund', 'replacement')`))
    .addColumn("refunded_cents", "integer")
    .addColumn("replacement_order_id", "text", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("settled_at", timestamp)
    .execute();
  await createColumnIndex(db, "return_claims_order_idx", "return_claims", ["order_id"]);
  await createColumnIndex(db, "return_claims_status_created_idx", "return_claims", ["status", "created_at"]);

  await db.schema
    .createTable("return_claim_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("claim_id", "text", (c) => c.notNull().references("return_claims.id").onDelete("cascade"))
    .addColumn("order_item_id", "text", (c) => c.notNull().references("order_items.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .execute();
  await createColumnIndex(db, "return_claim_lines_claim_idx", "return_claim_lines", ["claim_id"]);
  await createColumnIndex(db, "return_claim_lines_item_idx", "return_claim_lines", ["order_item_id"]);

  await db.schema
    .alterTable("orders")
    .addColumn("replacement_for_order_id", "text", (c) => c.references("orders.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("return_claim_id", "text", (c) => c.references("return_claims.id").onDelete("cascade"))
    .execute();
}
