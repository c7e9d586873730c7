import type Stripe from "stripe";

/**
 * Closes an unpaid card order's payment page at Stripe before the order is given up (by the
 * sweeper when its time is up, or by staff cancelling it), so the buyer can no longer pay for an
 * order whose stock goes back on sale: an open session is expired through the API. When expiring
 * fails because the buyer paid in the meantime (or another instance expired it), the session is
 * read again. Returns the session as Stripe has it now.
 */
export async function closeCardSession(
  stripe: Stripe,
  input: { sessionId: string; orderId: string },
): Promise<Stripe.Checkout.Session> {
  const { sessionId, orderId } = input;
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.status !== "open") return session;
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
