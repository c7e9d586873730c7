import type { Kysely } from "kysely";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * Stripe's refund events name the payment (its PaymentIntent), not the order: the webhook finds
 * the order by its payment reference, which without an index reads every order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createColumnIndex(db, "orders_payment_reference_idx", "orders", ["payment_reference"]);
}
