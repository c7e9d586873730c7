import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { Clock } from "#server/services.ts";
import {
  applyCheckoutSession,
  outcomeOfRetrievedSession,
  type CheckoutSessionFacts,
} from "./apply-checkout-session.ts";
import type { PaymentMoveResult, PaymentOutcome } from "#server/orders/payment-process.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "#server/orders/order-history.ts";
import { closeCardSession, UNKNOWN_SESSION_NOTE } from "./close-card-session.ts";
import { createStripeClient } from "./stripe-client.ts";
import { loadStripeSecretKey } from "./stripe-keys.ts";

export interface ExpireUnpaidCardOrdersDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "STRIPE_API_URL">;
  clock: Clock;
  logger: Logger;
}

/** Orders looked at per run: a backlog is worked off a minute at a time. */
const BATCH = 50;
/**
 * How long an order Stripe could not be asked about waits before the next try: its due time moves
 * on, so orders that keep failing do not fill every batch ahead of the ones that can expire.
 */
export const SWEEPER_RETRY_MS = 10 * 60_000;

/**
 * The sweeper: card orders still awaiting payment past `payment_expires_at`, for which no
 * webhook said anything. Stripe is asked about each one's session: paid after all → paid (the
 * webhook was lost); still open → expired through the API, then here; expired → expired here;
 * completed with a payment still settling → asked again later; unknown to Stripe (the keys were
 * changed since) → expired, with a staff-only note. Every change goes through
 * applyCheckoutSession, so the stock comes back exactly once whoever gets there first (webhook,
 * return page, another instance's sweeper). A Stripe failure leaves the order for a later run,
 * SWEEPER_RETRY_MS on. Returns what happened per order id.
 */
export async function expireUnpaidCardOrders(
  deps: ExpireUnpaidCardOrdersDeps,
): Promise<Map<string, PaymentMoveResult>> {
  const now = deps.clock();
  const due = await deps.db
    .selectFrom("orders")
    .select(["id", "stripe_session_id"])
    .where("payment_status", "=", "awaiting_payment")
    .where("payment_method", "=", "card")
    .where("payment_expires_at", "<", now.toISOString())
    .orderBy("payment_expires_at")
    .limit(BATCH)
    .execute();
  const results = new Map<string, PaymentMoveResult>();
  if (due.length === 0) return results;

  const secretKey = await loadStripeSecretKey(deps);
  const stripe = secretKey ? await createStripeClient(secretKey, deps.env) : null;

  for (const order of due) {
    let facts: CheckoutSessionFacts = {
      id: order.stripe_session_id ?? "",
      amount_total: null,
      currency: null,
      payment_intent: null,
    };
    let outcome: PaymentOutcome | null = "expired";
    let unknownToStripe = false;
    // Without a session (creating it failed) or without a key there is nothing Stripe could
    // have taken money through: the order simply expires.
    if (order.stripe_session_id && stripe) {
      try {
        const session = await closeCardSession(stripe, { sessionId: order.stripe_session_id, orderId: order.id });
        if (session) {
          facts = session;
          outcome = outcomeOfRetrievedSession(session);
        } else {
          unknownToStripe = true;
        }
      } catch (error) {
        deps.logger.warn({ orderId: order.id, err: error }, "sweeper could not settle a card session with Stripe");
        await deps.db
          .updateTable("orders")
          .set({ payment_expires_at: new Date(now.getTime() + SWEEPER_RETRY_MS).toISOString() })
          .where("id", "=", order.id)
          .where("payment_status", "=", "awaiting_payment")
          .execute();
        continue;
      }
    }
    if (!outcome) continue;
    const settled = outcome;
    const result = await deps.db.transaction().execute(async (trx) => {
      const applied = await applyCheckoutSession(deps, trx, {
        orderId: order.id,
        session: facts,
        outcome: settled,
        now,
      });
      if (unknownToStripe && applied !== "unchanged") {
        await appendOrderHistory(trx, {
          orderId: order.id,
          status: "Payment page unknown to Stripe",
          location: STAFF_STATUS_LOCATION,
          at: now,
          customerVisible: false,
          note: UNKNOWN_SESSION_NOTE,
        });
      }
      return applied;
    });
    results.set(order.id, result);
    if (result !== "unchanged") deps.logger.info({ orderId: order.id, result }, "sweeper settled a card order");
  }
  return results;
}
