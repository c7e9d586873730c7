import type { Kysely } from "kysely";
import type Stripe from "stripe";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { lockOrderRow } from "#server/orders/lock-order-row.ts";
import { REFUNDABLE_PAYMENT_STATUSES } from "#common/orders/payment-status.ts";
import {
  failedRefundEventId,
  hasPaymentEvent,
  recordRefund,
  refundEventId,
  undoFailedRefund,
} from "#server/orders/payment-process.ts";
import { SHOP_REFUND_ATTEMPT_METADATA } from "./stripe-payment-provider.ts";

/** What a refund event did, for logs and tests. */
export type RefundEventResult =
  /** A refund the shop had not recorded (made in Stripe's dashboard, or the shop's write failed). */
  | "refund_recorded"
  /** Already recorded (by the staff request that made it, or an earlier event): nothing to do. */
  | "refund_unchanged"
  /** A recorded refund that Stripe failed: its amount is no longer counted as refunded. */
  | "refund_failed"
  /** A refund the order cannot take (more than is left, or the payment is not a paid one). */
  | "refund_not_recordable"
  | "unknown_order";

/** The fields of a Stripe Refund the shop reads (Stripe's names). */
export type StripeRefundFacts = Pick<Stripe.Refund, "id" | "amount" | "currency" | "status" | "metadata"> & {
  failure_reason?: string | null;
};

/**
 * A `refund.created`, `refund.updated` or `refund.failed` event, inside the webhook's
 * transaction, for the order whose payment the refund belongs to. A refund that took or may take
 * money back (succeeded, pending, requires_action) is recorded once by its id, as the staff
 * refund records it (recordRefund), so a refund made in Stripe's dashboard shows on the order
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
  // Locked before it is read: a staff request recording the same refund has committed or waits.
  await lockOrderRow(trx, orderId);
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  if (refund.status === "failed" || refund.status === "canceled") {
    const undone = await undoFailedRefund(deps, trx, {
      order,
      refundId: refund.id,
      amount: refund.amount,
      reason: refund.failure_reason ?? null,
      now,
      via: "Stripe",
    });
    return undone ? "refund_failed" : "refund_unchanged";
  }
  // Stripe does not promise the order of its events: a "created" sent after the "failed" is stale.
  if (await hasPaymentEvent(trx, failedRefundEventId(refund.id))) return "refund_unchanged";
  const left = order.amount_paid_cents - order.amount_refunded_cents;
  const refundable = REFUNDABLE_PAYMENT_STATUSES.includes(order.payment_status);
  const sameCurrency = refund.currency.toLowerCase() === order.currency.toLowerCase();
  if (!refundable || !sameCurrency || refund.amount > left) {
    if (await hasPaymentEvent(trx, refundEventId(refund.id))) return "refund_unchanged";
    deps.logger.error(
      { orderId: order.id, refundId: refund.id, paymentStatus: order.payment_status },
      "a refund made at Stripe does not fit the order's payment and was not recorded: check it in Stripe's dashboard",
    );
    return "refund_not_recordable";
  }
  const attempt = refund.metadata?.[SHOP_REFUND_ATTEMPT_METADATA];
  const recorded = await recordRefund(deps, trx, {
    order,
    refundId: refund.id,
    amount: refund.amount,
    requestEventId: null,
    // A cancellation's refund is told in the cancelled mail.
    queueMail: !attempt?.startsWith("cancel:"),
    now,
    via: "Stripe",
    origin: attempt ? "shop" : "outside-shop",
  });
  return recorded.changed ? "refund_recorded" : "refund_unchanged";
}
