import type { Kysely } from "kysely";

/**
 * Stripe's refund events name the payment (its PaymentIntent), not the order: the webhook finds
 * the order by its payment reference, which without an index reads every order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("orders_payment_reference_idx").on("orders").column("payment_reference").execute();
}
