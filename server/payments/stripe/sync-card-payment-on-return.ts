import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { PaymentStatus } from "#common/orders/payment-status.ts";
import type { Clock } from "#server/services.ts";
import { applyCheckoutSession, outcomeOfRetrievedSession } from "./apply-checkout-session.ts";
import { createStripeClient } from "./stripe-client.ts";
import { loadStripeSecretKey } from "./stripe-keys.ts";

export interface SyncCardPaymentDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
  clock: Clock;
  logger: Logger;
}

/**
 * For the order confirmation page the buyer returns to from Stripe: when the card order still
 * awaits payment, asks Stripe about its Checkout Session and applies what it says with the
 * webhook's own transition, so "paid" shows at once when the webhook lags. Only the order's own
 * session is asked about (`sessionId` from the return URL must be it): a visitor cannot make the
 * shop look up other sessions. Stripe being unreachable is not an error here: the page shows
 * "waiting for payment confirmation" and the webhook settles it. Returns the payment state now.
 */
export async function syncCardPaymentOnReturn(
  deps: SyncCardPaymentDeps,
  input: { orderId: string; sessionId: string | null },
): Promise<PaymentStatus | null> {
  const order = await deps.db
    .selectFrom("orders")
    .select(["id", "payment_method", "payment_status", "stripe_session_id"])
    .where("id", "=", input.orderId)
    .executeTakeFirst();
  if (!order) return null;
  if (
    order.payment_method !== "card" ||
    order.payment_status !== "awaiting_payment" ||
    !order.stripe_session_id ||
    order.stripe_session_id !== input.sessionId
  ) {
    return order.payment_status;
  }
  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) return order.payment_status;
  let session;
  try {
    const stripe = await createStripeClient(secretKey, deps.env);
    session = await stripe.checkout.sessions.retrieve(
      order.stripe_session_id,
      {},
      { maxNetworkRetries: 0, timeout: 5000 },
    );
  } catch (error) {
    deps.logger.warn({ orderId: order.id, err: error }, "could not ask Stripe about a returning buyer's payment");
    return order.payment_status;
  }
  const outcome = outcomeOfRetrievedSession(session);
  // Only news that the money arrived is taken from here; expiry is the webhook's and the sweeper's.
  if (outcome !== "paid") return order.payment_status;
  await deps.db.transaction().execute((trx) =>
    applyCheckoutSession(deps, trx, {
      orderId: order.id,
      session: {
        id: session.id,
        amount_total: session.amount_total,
        currency: session.currency,
        payment_intent: session.payment_intent,
      },
      outcome,
      now: deps.clock(),
    }),
  );
  const after = await deps.db
    .selectFrom("orders")
    .select("payment_status")
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  return after.payment_status;
}
