import { z } from "zod";

const stripeId = z.string().min(1).max(255);
/** An id Stripe may send expanded into its object. */
const expandableId = z.union([stripeId, z.object({ id: stripeId })]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();

/** The fields of a Checkout Session event the shop reads (Stripe's names). */
const checkoutSessionSchema = z.object({
  id: stripeId,
  amount_total: z.number().int().nonnegative().nullable(),
  currency: z.string().nullable(),
  payment_status: z.string(),
  payment_intent: expandableId,
  metadata,
  client_reference_id: z.string().nullish(),
});

/** The fields of a Refund event the shop reads (Stripe's names). */
const refundSchema = z.object({
  id: stripeId,
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.string().nullable(),
  payment_intent: expandableId,
  metadata: z.record(z.string(), z.string()).nullable().default(null),
  failure_reason: z.string().nullish(),
});

const eventSchema = z.object({
  id: stripeId,
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type StripeCheckoutSessionFacts = z.infer<typeof checkoutSessionSchema>;
export type StripeRefundEventFacts = z.infer<typeof refundSchema>;

/** A webhook event as the shop reads it: its id and type, and the session or refund it is about. */
export interface StripeEventFacts {
  id: string;
  type: string;
  session: StripeCheckoutSessionFacts | null;
  refund: StripeRefundEventFacts | null;
}

/** The refund events the shop reads (docs/operations.md: the webhook's events). */
export const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed"]);

/**
 * What a signed event says, or null when it lacks what the shop reads (no id, a session without
 * an amount, a refund without a currency...): such an event is refused, never half applied.
 * Events of other types need only an id and a type.
 */
export function readStripeEvent(event: unknown): StripeEventFacts | null {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) return null;
  const { id, type, data } = parsed.data;
  if (type.startsWith("checkout.session.")) {
    const session = checkoutSessionSchema.safeParse(data.object);
    return session.success ? { id, type, session: session.data, refund: null } : null;
  }
  if (REFUND_EVENTS.has(type)) {
    const refund = refundSchema.safeParse(data.object);
    return refund.success ? { id, type, session: null, refund: refund.data } : null;
  }
  return { id, type, session: null, refund: null };
}
