import type { Kysely } from "kysely";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * The account that placed an order while signed in. Such orders are the account's own from the
 * start; orders matched only by e-mail are shown once the address is verified. Deleting the
 * account keeps the order (a business record) and forgets its owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .execute();
  await createColumnIndex(db, "orders_user_id_idx", "orders", ["user_id"]);
}
