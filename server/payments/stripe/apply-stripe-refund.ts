import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { applyProviderRefund, type ProviderRefundResult } from "#server/orders/payment-process.ts";
import { SHOP_REFUND_ATTEMPT_METADATA } from "./stripe-payment-provider.ts";

/** What a refund event did, for logs and tests. */
export type RefundEventResult = ProviderRefundResult | "unknown_order";

/** The fields of a Stripe Refund the shop reads (Stripe's names). */
export type StripeRefundFacts = Pick<Stripe.Refund, "id" | "amount" | "currency" | "status" | "metadata"> & {
  failure_reason?: string | null;
};

/**
 * A `refund.created`, `refund.updated` or `refund.failed` event, inside the webhook's
 * transaction, for the order whose payment the refund belongs to. A refund that took or may take
 * money back (succeeded, pending, requires_action) is recorded once by its id, as the staff
 * refund records it (the process's applyProviderRefund), so a refund made in Stripe's dashboard shows on the order
 * and its mail goes out; a refund the shop made itself is usually recorded already. A refund
 * that failed or was canceled is undone once if it was recorded (undoFailedRefund). A refund the
 * order cannot take is logged for staff and left out: Stripe retrying it would not help.
 */
export async function applyStripeRefund(
  deps: { logger: Logger },
  trx: Kysely<Database>,
  input: { orderId: string | null; refund: StripeRefundFacts; now: Date },
): Promise<RefundEventResult> {
  const { orderId, refund, now } = input;
  if (!orderId) return "unknown_order";
  return applyProviderRefund(deps, trx, {
    orderId,
    refund: {
      id: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      failed: refund.status === "failed" || refund.status === "canceled",
      failureReason: refund.failure_reason ?? null,
      attempt: refund.metadata?.[SHOP_REFUND_ATTEMPT_METADATA] ?? null,
    },
    now,
    via: "Stripe",
    checkAt: "in Stripe's dashboard",
    customerMail: true,
  });
}
