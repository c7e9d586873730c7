import type Stripe from "stripe";

/**
 * What staff read in an order's history when its payment page was unknown to Stripe: the
 * account behind the current key never had it (the keys were changed since it was opened).
 */
export const UNKNOWN_SESSION_NOTE =
  "Stripe does not know this order's payment page: the Stripe keys were changed since it was opened. " +
  "A payment made on it would show in the other Stripe account.";

/**
 * Closes an unpaid card order's payment page at Stripe before the order is given up (by the
 * sweeper when its time is up, or by staff cancelling it), so the buyer can no longer pay for an
 * order whose stock goes back on sale: an open session is expired through the API. When expiring
 * fails because the buyer paid in the meantime (or another instance expired it), the session is
 * read again. Returns the session as Stripe has it now, or null when Stripe answers that no such
 * session exists: the owner switched the keys (test to live, or another account) while the order
 * waited. Nothing can be paid through it on this account, and without this answer the order
 * could neither expire nor be cancelled, holding its stock for ever.
 */
export async function closeCardSession(
  stripe: Stripe,
  input: { sessionId: string; orderId: string },
): Promise<Stripe.Checkout.Session | null> {
  const { sessionId, orderId } = input;
  const session = await retrieveCardSession(stripe, sessionId);
  if (!session || session.status !== "open") return session;
  try {
    return await stripe.checkout.sessions.expire(
      sessionId,
      {},
      { idempotencyKey: `expire-session:${orderId}:${sessionId}` },
    );
  } catch (error) {
    if ((error as { type?: string }).type !== "StripeInvalidRequestError") throw error;
    return stripe.checkout.sessions.retrieve(sessionId);
  }
}

/** A Checkout Session as Stripe has it, or null when the account behind the key has no such session. */
export async function retrieveCardSession(stripe: Stripe, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Stripe's answer for an id its account does not have: 404, `resource_missing`. */
function isMissing(error: unknown): boolean {
  const { type, code, statusCode } = error as { type?: string; code?: string; statusCode?: number };
  return type === "StripeInvalidRequestError" && (code === "resource_missing" || statusCode === 404);
}
