import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { startCardPayment } from "#server/payments/stripe/start-card-payment.ts";
import type { StripeStandIn } from "./stripe-stand-in.ts";
import { orderActionDeps } from "./test-orders.ts";

/**
 * Pays a card order as its buyer would through the Stripe stand-in (its Checkout Session opened
 * and completed), and records it paid as the webhook would, without waiting for the webhook: for
 * browser tests whose subject is what staff then do with a paid card order.
 */
export async function payCardOrder(
  db: Kysely<Database>,
  order: { orderId: string; amountPaidCents: number },
  stripe: StripeStandIn,
  shopUrl: string,
): Promise<void> {
  const deps = orderActionDeps(db, new Date(), stripe.url);
  await startCardPayment({ ...deps, env: { ...deps.env, PUBLIC_URL: shopUrl } }, { orderId: order.orderId });
  const session = stripe.sessionForOrder(order.orderId)!;
  await stripe.sendEvent(session.id, "completed");
  await db
    .updateTable("orders")
    .set({
      payment_status: "paid",
      payment_reference: stripe.sessionForOrder(order.orderId)!.payment_intent,
      amount_paid_cents: order.amountPaidCents,
    })
    .where("id", "=", order.orderId)
    .execute();
}
