import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { Clock } from "#server/services.ts";
import { loadStripeWebhookSecret } from "./stripe-keys.ts";
import { applyCheckoutSession, type ApplyResult, type CheckoutSessionOutcome } from "./apply-checkout-session.ts";
import { applyStripeRefund, type RefundEventResult } from "./apply-stripe-refund.ts";

export interface HandleStripeWebhookDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET">;
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
 * logged, not refused: Stripe would only retry them. Throws VALIDATION (400) for a missing or
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
