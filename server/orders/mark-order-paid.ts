import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Clock } from "#server/services.ts";
import type { PaymentStatus } from "#common/orders/payment-status.ts";
import { acceptPaymentByStaff } from "./payment-process.ts";

export interface PaymentChange {
  orderId: string;
  paymentStatus: PaymentStatus;
  /** False when the order was already in that state (a double-click): nothing was written. */
  changed: boolean;
}

/**
 * Staff record a payment: an invoice order awaiting payment (the school paid), or a card order
 * flagged `needs_review` that staff accept, in one transaction. The move, its guards, step and
 * mail are the payment process's (`acceptPaymentByStaff`). The id is checked by the caller
 * (orderActionSchema in the orders action); an unknown one is NOT_FOUND.
 */
export async function markOrderPaid(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { orderId: string },
): Promise<PaymentChange> {
  const { orderId } = input;
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
    if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
    return { orderId, ...(await acceptPaymentByStaff(trx, { order, now })) };
  });
}
