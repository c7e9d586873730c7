import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { Clock } from "#server/services.ts";
import { canMovePayment } from "#common/orders/payment-status.ts";
import { createStripeClient } from "./stripe-client.ts";
import { loadStripeSecretKey, loadStripeWebhookSecret } from "./stripe-keys.ts";
import { applyCheckoutSession, outcomeOfCompletedSession } from "./apply-checkout-session.ts";
import type { PaymentMoveResult, PaymentOutcome } from "#server/orders/payment-process.ts";
import { applyStripeRefund, type RefundEventResult } from "./apply-stripe-refund.ts";
import { readStripeEvent, type StripeCheckoutSessionFacts } from "./stripe-event-schema.ts";

export interface HandleStripeWebhookDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
  clock: Clock;
  logger: Logger;
}

export type WebhookResult =
  | PaymentMoveResult
  | RefundEventResult
  | "duplicate"
  | "ignored"
  /** A session that is neither the order's own nor paid through the order's PaymentIntent. */
  | "foreign_session";

/** How far ahead of this server's clock a signature's timestamp may be: Stripe's own tolerance. */
export const WEBHOOK_FUTURE_TOLERANCE_SECONDS = 300;

/**
 * One Stripe webhook delivery: the signature is checked on the raw body with the stored signing
 * secret (also when the card toggle was switched off since: late events for existing orders
 * still count), and its timestamp may be at most 5 minutes old (Stripe's default) or ahead.
 * Then, in one transaction, the event id is recorded (a replay finds it and changes nothing) and
 * the order named in the session's metadata moves to the state the event implies
 * (applyCheckoutSession), or, for a refund event, the refund is recorded or undone on the order
 * whose payment it belongs to (applyStripeRefund). A session event counts only for the order's
 * own session (the id the shop kept), or, when it reports money, for a session whose
 * PaymentIntent names the order (one the shop opened before the current one): another
 * integration on the same Stripe account may name the order too. Events for unknown orders or of
 * other types are recorded and logged, not refused: Stripe would only retry them; except a
 * refund of the shop's own payment that is not recorded yet (UNAVAILABLE, 503:
 * assertPaymentRecorded). Throws VALIDATION (400) for a missing or bad signature, a timestamp
 * out of bounds, a signed event without the fields the shop reads, or when no signing secret is
 * stored; anything else thrown is the database's (the route answers 503 so Stripe tries again).
 */
export async function handleStripeWebhook(
  deps: HandleStripeWebhookDeps,
  input: { payload: string; signature: string | null },
): Promise<WebhookResult> {
  const secret = await loadStripeWebhookSecret(deps);
  if (!secret) {
    deps.logger.warn("Stripe webhook refused: no webhook signing secret is stored");
    throw new AppError("VALIDATION", "No webhook signing secret is configured.", { reason: "no-secret" });
  }
  // Loaded on the first delivery: a shop without card payments never holds the Stripe library.
  const { default: StripeLibrary } = await import("stripe");
  const nowMs = deps.clock().getTime();
  let verified: unknown;
  try {
    verified = StripeLibrary.webhooks.constructEvent(
      input.payload,
      input.signature ?? "",
      secret,
      undefined, // the library's past tolerance (300 s)
      undefined,
      nowMs,
    );
  } catch {
    deps.logger.warn("Stripe webhook refused: bad or missing signature");
    throw new AppError("VALIDATION", "The webhook signature is not valid.", { reason: "bad-signature" });
  }
  // The library bounds only the signature's age: one dated ahead would stay replayable until then.
  const signedAt = signatureTimestamp(input.signature ?? "");
  if (!Number.isFinite(signedAt) || signedAt > nowMs / 1000 + WEBHOOK_FUTURE_TOLERANCE_SECONDS) {
    deps.logger.warn("Stripe webhook refused: its signature is dated in the future");
    throw new AppError("VALIDATION", "The webhook signature is not valid.", { reason: "bad-signature" });
  }
  const event = readStripeEvent(verified);
  if (!event) {
    // Signed, so Stripe's (or a misconfiguration's): Stripe sees the 400 on the endpoint's page.
    const { id, type } = (verified ?? {}) as { id?: unknown; type?: unknown };
    deps.logger.warn(
      {
        eventId: typeof id === "string" ? id.slice(0, 255) : undefined,
        type: typeof type === "string" ? type.slice(0, 100) : undefined,
      },
      "Stripe webhook refused: the event lacks fields the shop reads",
    );
    throw new AppError("VALIDATION", "The event could not be read.", { reason: "unreadable-event" });
  }

  const { session, refund } = event;
  const outcome = session ? outcomeOf(event.type, session) : null;
  const orderRef = session ? (session.metadata?.order_id ?? session.client_reference_id ?? null) : null;
  const paymentRef = refund ? idOf(refund.payment_intent) : null;
  if (paymentRef) await assertPaymentRecorded(deps, paymentRef);
  const paidThroughOrdersIntent =
    session && orderRef && outcome === "paid" ? await isPaidThroughOrdersIntent(deps, orderRef, session) : false;
  const now = deps.clock();

  let orderFound: string | null = null;
  const result = await deps.db.transaction().execute(async (trx): Promise<WebhookResult> => {
    const order = orderRef
      ? await trx.selectFrom("orders").select(["id", "stripe_session_id"]).where("id", "=", orderRef).executeTakeFirst()
      : paymentRef
        ? await trx
            .selectFrom("orders")
            .select(["id", "stripe_session_id"])
            .where("payment_reference", "=", paymentRef)
            .executeTakeFirst()
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
    if (order.stripe_session_id !== session.id && !paidThroughOrdersIntent) return "foreign_session";
    return applyCheckoutSession(deps, trx, {
      orderId: order.id,
      session: {
        id: session.id,
        amount_total: session.amount_total,
        currency: session.currency,
        payment_intent: session.payment_intent ?? null,
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
  if (result === "ignored" || result === "unknown_order" || result === "foreign_session") {
    deps.logger.warn(ids, `Stripe webhook ${result}`);
  } else {
    deps.logger.info({ ...ids, result }, "Stripe webhook");
  }
  return result;
}

/** The `t=` of a Stripe-Signature header, read as the Stripe library reads it (the last one counts). */
function signatureTimestamp(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = parseInt(value ?? "", 10);
  }
  return timestamp;
}

/**
 * Money reported for a session that is not the order's current one: counts only when the
 * session's PaymentIntent carries the order's id in its metadata, as every session the shop
 * opens does (start-card-payment.ts), so an earlier session of the shop's still pays. Stripe is
 * asked only then; a payment Stripe does not know is not the order's. Throws UNAVAILABLE (503:
 * Stripe sends the event again) when Stripe cannot be asked.
 */
async function isPaidThroughOrdersIntent(
  deps: HandleStripeWebhookDeps,
  orderId: string,
  session: StripeCheckoutSessionFacts,
): Promise<boolean> {
  const order = await deps.db
    .selectFrom("orders")
    .select("stripe_session_id")
    .where("id", "=", orderId)
    .executeTakeFirst();
  const paymentIntentId = idOf(session.payment_intent);
  if (!order || order.stripe_session_id === session.id || !paymentIntentId) return false;
  const secretKey = await loadStripeSecretKey(deps);
  if (!secretKey) return false;
  try {
    const stripe = await createStripeClient(secretKey, deps.env);
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {}, { maxNetworkRetries: 0, timeout: 5000 });
    return intent.metadata?.order_id === orderId;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status < 500 && status !== 429) return false;
    deps.logger.warn(
      { orderId, paymentIntent: paymentIntentId },
      "Stripe could not be asked whose payment a session took",
    );
    throw new AppError("UNAVAILABLE", "Stripe could not be asked about this session's payment. Send it again later.", {
      reason: "stripe-unreachable",
    });
  }
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
    throw new AppError("UNAVAILABLE", "Stripe could not be asked about this refund's payment. Send it again later.", {
      reason: "stripe-unreachable",
    });
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
  throw new AppError("UNAVAILABLE", "This refund's payment is not recorded yet. Send it again later.", {
    reason: "payment-not-recorded",
  });
}

/** What a session event says happened (a completed one: `outcomeOfCompletedSession`). */
function outcomeOf(type: string, session: StripeCheckoutSessionFacts): PaymentOutcome | null {
  switch (type) {
    case "checkout.session.completed":
      return outcomeOfCompletedSession(session);
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
