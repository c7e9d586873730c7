import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { BackgroundJob } from "#server/jobs/background-jobs.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { Clock } from "#server/services.ts";
import {
  applyCheckoutSession,
  outcomeOfRetrievedSession,
  type ApplyResult,
  type CheckoutSessionFacts,
  type CheckoutSessionOutcome,
} from "./apply-checkout-session.ts";
import { closeCardSession } from "./close-card-session.ts";
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
 * The sweeper: card orders still awaiting payment past `payment_expires_at`, for which no
 * webhook said anything. Stripe is asked about each one's session: paid after all → paid (the
 * webhook was lost); still open → expired through the API, then here; expired → expired here;
 * completed with a payment still settling → asked again later. Every change goes through
 * applyCheckoutSession, so the stock comes back exactly once whoever gets there first (webhook,
 * return page, another instance's sweeper). A Stripe failure leaves the order for the next run.
 * Returns what happened per order id.
 */
export async function expireUnpaidCardOrders(deps: ExpireUnpaidCardOrdersDeps): Promise<Map<string, ApplyResult>> {
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
  const results = new Map<string, ApplyResult>();
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
    let outcome: CheckoutSessionOutcome | null = "expired";
    // Without a session (creating it failed) or without a key there is nothing Stripe could
    // have taken money through: the order simply expires.
    if (order.stripe_session_id && stripe) {
      try {
        const session = await closeCardSession(stripe, { sessionId: order.stripe_session_id, orderId: order.id });
        facts = session;
        outcome = outcomeOfRetrievedSession(session);
      } catch (error) {
        deps.logger.warn({ orderId: order.id, err: error }, "sweeper could not settle a card session with Stripe");
        continue;
      }
    }
    if (!outcome) continue;
    const result = await deps.db
      .transaction()
      .execute((trx) => applyCheckoutSession(deps, trx, { orderId: order.id, session: facts, outcome, now }));
    results.set(order.id, result);
    if (result !== "unchanged") deps.logger.info({ orderId: order.id, result }, "sweeper settled a card order");
  }
  return results;
}

export const expireUnpaidCardOrdersJob: BackgroundJob = {
  name: "expire-unpaid-card-orders",
  everyMs: 60_000,
  run: async (services) => {
    await expireUnpaidCardOrders(services);
  },
};
