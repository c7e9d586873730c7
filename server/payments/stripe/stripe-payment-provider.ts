import type { Kysely, Selectable } from "kysely";
import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { PaymentProvider, ProviderRefunds } from "#server/orders/payment-provider.ts";
import { outcomeOfRetrievedSession, reportedPayment } from "./apply-checkout-session.ts";
import { closeCardSession, UNKNOWN_SESSION_NOTE } from "./close-card-session.ts";
import { createStripeClient } from "./stripe-client.ts";
import { loadStripeSecretKey } from "./stripe-keys.ts";

export interface StripeProviderDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
  logger: Logger;
}

/**
 * The metadata key on a Stripe refund the shop made, naming its attempt (purpose, refunded so far,
 * amount): how a refund found at Stripe, or sent by its webhook, is known as the shop's own.
 */
export const SHOP_REFUND_ATTEMPT_METADATA = "shop_refund_attempt";

/**
 * Card payments through Stripe, as staff actions use them (cancel, refund). The card toggle may
 * be off by now: an order already paid or being paid by card is still settled with the stored
 * secret key (stripe-keys.ts).
 */
export function stripePaymentProvider(deps: StripeProviderDeps): PaymentProvider {
  return {
    name: "Stripe",
    closePaymentPage: (order) => closePaymentPage(deps, order),
    listRefunds: (order) => listRefunds(deps, order),
  };
}

/**
 * Closes an unpaid card order's payment page at Stripe before staff cancel it. A payment Stripe
 * took in the meantime is reported ("paid"), for the process to record and the cancellation to
 * refund; a payment still settling (a bank debit) cannot be refunded yet, so the order stays.
 * Nothing changes when Stripe cannot be asked: the order is not cancelled. A page the account
 * behind the current key does not know ("unknown": the keys were changed since) cannot be paid
 * through on this account, and the order is cancelled.
 */
async function closePaymentPage(deps: StripeProviderDeps, order: Selectable<OrdersTable>) {
  const sessionId = order.stripe_session_id;
  if (!sessionId) return { kind: "closed" } as const;
  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) {
    throw new AppError(
      "UNAVAILABLE",
      "The Stripe secret key is not set in Store Settings, so Stripe cannot close this order's payment page. The order was not cancelled.",
      { reason: "stripe-not-configured" },
    );
  }
  let session: Awaited<ReturnType<typeof closeCardSession>>;
  try {
    session = await closeCardSession(await createStripeClient(secretKey, deps.env), { orderId: order.id, sessionId });
  } catch (error) {
    deps.logger.warn({ err: error, orderId: order.id }, "Stripe could not close a payment page");
    throw new AppError(
      "UNAVAILABLE",
      "Stripe could not close this order's payment page, so the order was not cancelled. Please try again.",
      { reason: "stripe-close-failed" },
    );
  }
  if (!session) {
    deps.logger.warn({ orderId: order.id }, "Stripe does not know a card order's payment page");
    return { kind: "unknown", note: UNKNOWN_SESSION_NOTE } as const;
  }
  const outcome = outcomeOfRetrievedSession(session);
  if (outcome === "pending") {
    throw new AppError(
      "CONFLICT",
      "Stripe is still settling this order's payment. Cancel the order once the payment has arrived.",
      { reason: "payment-settling" },
    );
  }
  if (outcome === "paid") return { kind: "paid", payment: reportedPayment(session) } as const;
  return { kind: "closed" } as const;
}

/** The card payment's refunds at Stripe, and how to make one (see ProviderRefunds). */
async function listRefunds(deps: StripeProviderDeps, order: Selectable<OrdersTable>): Promise<ProviderRefunds> {
  const paymentIntent = order.payment_reference;
  if (!paymentIntent) {
    throw new AppError("CONFLICT", "This card order has no Stripe payment to refund.", { reason: "no-payment-intent" });
  }
  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) {
    throw new AppError(
      "UNAVAILABLE",
      "The Stripe secret key is not set in Store Settings, so Stripe cannot refund this order.",
      { reason: "stripe-not-configured" },
    );
  }
  const client = await createStripeClient(secretKey, deps.env);
  let refunds: Stripe.Refund[];
  try {
    refunds = await client.refunds.list({ payment_intent: paymentIntent, limit: 100 }).autoPagingToArray({
      limit: 1000,
    });
  } catch (error) {
    throw refundFailed(deps, error, order.id);
  }
  const isFailed = (refund: Stripe.Refund) => refund.status === "failed" || refund.status === "canceled";
  const failed = new Set(refunds.filter(isFailed).map((refund) => refund.id));
  return {
    // Oldest first, as Stripe made them (its list is newest first).
    live: refunds
      .filter((refund) => !isFailed(refund))
      .reverse()
      .map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        attempt: refund.metadata?.[SHOP_REFUND_ATTEMPT_METADATA] ?? null,
      })),
    failedCount: failed.size,
    async create(refund) {
      let created: Stripe.Refund;
      try {
        created = await client.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: refund.amount,
            metadata: { order_id: refund.orderId, [SHOP_REFUND_ATTEMPT_METADATA]: refund.attempt },
          },
          { idempotencyKey: `refund:${refund.orderId}:${refund.attempt}` },
        );
      } catch (error) {
        throw refundFailed(deps, error, refund.orderId);
      }
      // Stripe answers a repeated idempotency key with its first answer ("succeeded"), even when
      // that refund failed since: the list above knows better.
      if (failed.has(created.id)) {
        throw refundFailed(deps, new Error(`refund ${created.id} failed at Stripe`), refund.orderId);
      }
      return created.id;
    },
  };
}

/** Stripe's message may name the account or the key: staff get a plain one, the log the rest. */
function refundFailed(deps: StripeProviderDeps, error: unknown, orderId: string): AppError {
  deps.logger.warn({ err: error, orderId }, "Stripe refused a refund");
  return new AppError(
    "UNAVAILABLE",
    "Stripe could not make this refund. Please try again, or check the payment in your Stripe dashboard.",
    { reason: "stripe-refund-failed" },
  );
}
