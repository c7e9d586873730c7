import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { Clock } from "#server/services.ts";
import { canMovePayment } from "#server/orders/payment-status.ts";
import { createStripeClient } from "./stripe-client.ts";
import { loadStripeSecretKey, loadStripeWebhookSecret } from "./stripe-keys.ts";
import { applyCheckoutSession, type ApplyResult, type CheckoutSessionOutcome } from "./apply-checkout-session.ts";
import { applyStripeRefund, type RefundEventResult } from "./apply-stripe-refund.ts";

export interface HandleStripeWebhookDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
  clock: Clock;
  logger: Logger;
}

export type WebhookResult = ApplyResult | RefundEventResult | "duplicate" | "ignored";

/** The refund events the shop reads (README: the webhook's events). */
const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed"]);

/**
 * One Stripe webhook delivery: the signature is checked on the raw body with the stored signing
 * secret (also when the card toggle was switched off since: late events for existing orders
 * still count). Then, in one transaction, the event id is recorded (a replay finds it and
 * changes nothing) and the order named in the session's metadata moves to the state the event
 * implies (applyCheckoutSession), or, for a refund event, the refund is recorded or undone on the
 * order whose payment it belongs to (applyStripeRefund). Events for unknown orders or of other types are recorded and
 * logged, not refused: Stripe would only retry them; except a refund of the shop's own payment
 * that is not recorded yet (UNAVAILABLE, 503: assertPaymentRecorded). Throws VALIDATION (400) for a missing or
 * bad signature, or when no signing secret is stored; anything else thrown is the database's
 * (the route answers 503 so Stripe tries again).
 */
export async function handleStripeWebhook(
  deps: HandleStripeWebhookDeps,
  input: { payload: string; signature: string | null },
): Promise<WebhookResult> {
  const secret = await loadStripeWebhookSecret(deps);
  if (!secret) {
    deps.logger.warn("Stripe webhook refused: no webhook signing secret is stored");
    throw new AppError("VALIDATION", "No webhook signing secret is configured.", undefined, "no-secret");
  }
  // Loaded on the first delivery: a shop without card payments never holds the Stripe library.
  const { default: StripeLibrary } = await import("stripe");
  let event: Stripe.Event;
  try {
    event = StripeLibrary.webhooks.constructEvent(input.payload, input.signature ?? "", secret);
  } catch {
    deps.logger.warn("Stripe webhook refused: bad or missing signature");
    throw new AppError("VALIDATION", "The webhook signature is not valid.", undefined, "bad-signature");
  }

  const outcome = outcomeOf(event);
  const session = event.type.startsWith("checkout.session.") ? (event.data.object as Stripe.Checkout.Session) : null;
  const refund = REFUND_EVENTS.has(event.type) ? (event.data.object as Stripe.Refund) : null;
  const orderRef = session ? (session.metadata?.order_id ?? session.client_reference_id ?? null) : null;
  const paymentRef = refund ? idOf(refund.payment_intent) : null;
  if (paymentRef) await assertPaymentRecorded(deps, paymentRef);
  const now = deps.clock();

  let orderFound: string | null = null;
  const result = await deps.db.transaction().execute(async (trx): Promise<WebhookResult> => {
    const order = orderRef
      ? await trx.selectFrom("orders").select("id").where("id", "=", orderRef).executeTakeFirst()
      : paymentRef
        ? await trx.selectFrom("orders").select("id").where("payment_reference", "=", paymentRef).executeTakeFirst()
        : undefined;
    const inserted = await trx
      .insertInto("payment_events")
      .values({ id: event.id, order_id: order?.id ?? null, type: event.type, received_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "duplicate";
    orderFound = order?.id ?? null;
    if (refund) return applyStripeRefund(deps, trx, { orderId: order?.id ?? null, refund, now });
    if (!outcome || !session) return "ignored";
    if (!order) return "unknown_order";
    return applyCheckoutSession(deps, trx, {
      orderId: order.id,
      session: {
        id: session.id,
        amount_total: session.amount_total,
        currency: session.currency,
        payment_intent: session.payment_intent,
      },
      outcome,
      now,
    });
  });

  // Ids and types only: no bodies, no secrets.
  const ids = {
    eventId: event.id,
    type: event.type,
    orderId: orderRef ?? orderFound,
    paymentIntent: paymentRef ?? undefined,
  };
  if (result === "ignored" || result === "unknown_order") {
    deps.logger.warn(ids, `Stripe webhook ${result}`);
  } else {
    deps.logger.info({ ...ids, result }, "Stripe webhook");
  }
  return result;
}

/**
 * A refund event for a payment no order holds yet. When the payment is one of the shop's and its
 * order is still waiting to record it (the PaymentIntent names the order, whose payment a late
 * `checkout.session.completed` would still record: it is being retried), throws UNAVAILABLE
 * (503) and records nothing, so Stripe sends the refund again after the payment is recorded
 * instead of the refund being left out (the order would look paid). Anything else is left to the
 * caller, which answers 200 and logs it: a payment of another till on the same Stripe account, a
 * payment for an order already voided (staff were told to refund it in Stripe), or a key Stripe
 * refuses; Stripe retrying those for days would change nothing. Asks Stripe only when no order
 * holds the payment: a refund of a recorded payment, the usual case, costs no call.
 */
async function assertPaymentRecorded(deps: HandleStripeWebhookDeps, paymentIntentId: string): Promise<void> {
  const recorded = await deps.db
    .selectFrom("orders")
    .select("id")
    .where("payment_reference", "=", paymentIntentId)
    .executeTakeFirst();
  if (recorded) return;
  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) return;
  let orderId: string | undefined;
  try {
    const stripe = await createStripeClient(secretKey, deps.env);
    // One quick try: Stripe waits for this answer, and sends the event again anyway.
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {}, { maxNetworkRetries: 0, timeout: 5000 });
    orderId = intent.metadata?.order_id;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    // Stripe answered, and will answer the same next time (unknown payment, key refused).
    if (status !== undefined && status < 500 && status !== 429) {
      deps.logger.warn(
        { paymentIntent: paymentIntentId, status },
        "Stripe would not say whose payment a refund is for",
      );
      return;
    }
    deps.logger.warn({ paymentIntent: paymentIntentId }, "Stripe could not be asked whose payment a refund is for");
    throw new AppError(
      "UNAVAILABLE",
      "Stripe could not be asked about this refund's payment. Send it again later.",
      undefined,
      "stripe-unreachable",
    );
  }
  if (!orderId) return;
  const order = await deps.db
    .selectFrom("orders")
    .select(["payment_reference", "payment_status"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.payment_reference) return;
  // Would a late "session completed" still record this payment? Not on a voided order.
  if (!canMovePayment(order.payment_status, "paid") && !canMovePayment(order.payment_status, "needs_review")) return;
  deps.logger.warn(
    { orderId, paymentIntent: paymentIntentId },
    "a refund arrived before its payment was recorded: Stripe will send it again",
  );
  throw new AppError(
    "UNAVAILABLE",
    "This refund's payment is not recorded yet. Send it again later.",
    undefined,
    "payment-not-recorded",
  );
}

function outcomeOf(event: Stripe.Event): CheckoutSessionOutcome | null {
  switch (event.type) {
    case "checkout.session.completed":
      return event.data.object.payment_status === "unpaid" ? "pending" : "paid";
    case "checkout.session.async_payment_succeeded":
      return "paid";
    case "checkout.session.async_payment_failed":
      return "failed";
    case "checkout.session.expired":
      return "expired";
    default:
      return null;
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
