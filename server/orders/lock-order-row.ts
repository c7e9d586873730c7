import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * Holds an order's row until the caller's transaction ends, by a no-op write (PostgreSQL keeps
 * the row locked until commit; SQLite serialises write transactions anyway). Taken before the
 * order is read and before any payment_events key is written, by every transaction that moves an
 * order's payment (the checkout session's transition, a refund's record, a refund event): two of
 * them then never act on the same state, and never take the row and a key in opposite orders (a
 * staff refund and its Stripe event deadlocked on PostgreSQL when they did).
 */
export async function lockOrderRow(trx: Kysely<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable("orders")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", orderId)
    .execute();
}
