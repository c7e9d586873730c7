import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { PaymentMoveResult } from "#server/orders/payment-process.ts";
import { canMovePayment } from "#common/orders/payment-status.ts";
import { applyPayPalRefund, type PayPalRefundResult } from "./apply-paypal-refund.ts";
import { PayPalError, type PayPalClient, type WebhookHeaders } from "./paypal-client.ts";
import { loadPayPalSettlement, payPalClientFor } from "./paypal-config.ts";
import { PAYPAL_REFUND_EVENTS, readPayPalEvent, type PayPalEventFacts } from "./paypal-schemas.ts";
import { settlePayPalOrder, type SettlePayPalOrderDeps } from "./settle-paypal-order.ts";

/** What the webhook needs: what the settling step it runs needs. */
export type HandlePayPalWebhookDeps = SettlePayPalOrderDeps;

export type PayPalWebhookResult =
  | PaymentMoveResult
  | PayPalRefundResult
  /** The step ran and found nothing to change (it may have captured nothing yet: the buyer's approval is pending). */
  | "settled"
  | "duplicate"
  | "ignored";

/** The key of a PayPal event in payment_events: apart from Stripe's ids and the shop's own keys. */
export const payPalEventKey = (eventId: string) => `paypal:${eventId}`;

/** The events the shop acts on (the webhook registered in PayPal should send these). */
const ORDER_EVENTS = new Set([
  "CHECKOUT.ORDER.APPROVED",
  "CHECKOUT.ORDER.COMPLETED",
  "CHECKOUT.PAYMENT-APPROVAL.REVERSED",
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
]);

/**
 * One PayPal webhook delivery. The event is verified with PayPal's verify-webhook-signature API
 * (the body as parsed JSON, unchanged, the delivery's headers and the webhook id of Store
 * Settings; the toggle is ignored, so late events of placed orders still count): a delivery
 * PayPal does not vouch for, or one that is not JSON or lacks what the shop reads, is refused
 * (VALIDATION, 400) and changes nothing. PayPal unreachable for the check: thrown on (503, PayPal
 * sends it again). Each event id is recorded once (payment_events `paypal:<id>`): a replay finds
 * it and changes nothing.
 * - Order and capture events (approved, completed, pending, denied, approval reversed) run the
 *   one step (settlePayPalOrder) for the shop order whose PayPal order they name: the event is a
 *   trigger only, every fact is read from PayPal. The event id is recorded after the step, so a
 *   step PayPal could not answer is answered 503 and retried, not lost.
 * - Refund events (refunded, reversed) are recorded on the order whose capture they pay back, in
 *   one transaction with the event id (applyPayPalRefund). A refund of a capture not recorded yet
 *   (the capture's own news is late) first runs the step for its order, which records it.
 * Events of other types, or for no order of the shop, are recorded and logged, not refused.
 */
export async function handlePayPalWebhook(
  deps: HandlePayPalWebhookDeps,
  input: { payload: string; headers: WebhookHeaders },
): Promise<PayPalWebhookResult> {
  const settlement = await loadPayPalSettlement(deps);
  if (!settlement?.webhookId) {
    deps.logger.warn("PayPal webhook refused: no PayPal webhook ID (or credentials) in Store Settings");
    throw new AppError("VALIDATION", "No PayPal webhook is configured.", { reason: "no-secret" });
  }
  let body: unknown;
  try {
    body = JSON.parse(input.payload) as unknown;
  } catch {
    deps.logger.warn("PayPal webhook refused: not JSON");
    throw new AppError("VALIDATION", "The event could not be read.", { reason: "unreadable-event" });
  }
  const client = payPalClientFor(settlement.credentials, deps.env);
  let genuine: boolean;
  try {
    genuine = await client.verifyWebhookSignature({
      headers: input.headers,
      webhookId: settlement.webhookId,
      event: body,
    });
  } catch (error) {
    // 4xx from PayPal: it will say the same again (the delivery lacks what is verified).
    if (
      error instanceof PayPalError &&
      error.kind === "api" &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 429
    ) {
      genuine = false;
    } else {
      deps.logger.warn({ err: error }, "PayPal webhook: PayPal could not be asked to verify it");
      throw new AppError("UNAVAILABLE", "PayPal could not verify this event. Send it again later.", {
        reason: "paypal-unreachable",
      });
    }
  }
  if (!genuine) {
    deps.logger.warn("PayPal webhook refused: PayPal did not verify its signature");
    throw new AppError("VALIDATION", "The webhook signature is not valid.", { reason: "bad-signature" });
  }
  const event = readPayPalEvent(body);
  if (!event) {
    const { id, event_type: type } = (body ?? {}) as { id?: unknown; event_type?: unknown };
    deps.logger.warn(
      {
        eventId: typeof id === "string" ? id.slice(0, 255) : undefined,
        type: typeof type === "string" ? type.slice(0, 100) : undefined,
      },
      "PayPal webhook refused: the event lacks fields the shop reads",
    );
    throw new AppError("VALIDATION", "The event could not be read.", { reason: "unreadable-event" });
  }

  const key = payPalEventKey(event.id);
  const ids = { eventId: event.id, type: event.type };
  const seen = await deps.db.selectFrom("payment_events").select("id").where("id", "=", key).executeTakeFirst();
  if (seen) {
    deps.logger.info({ ...ids, result: "duplicate" }, "PayPal webhook");
    return "duplicate";
  }

  let result: PayPalWebhookResult;
  let orderId: string | null = null;
  if (event.refund && PAYPAL_REFUND_EVENTS.has(event.type)) {
    const refund = event.refund;
    orderId = await orderOfCapture(deps, client, refund.captureId!);
    const now = deps.clock();
    result = await deps.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, key, orderId, event.type, now))) return "duplicate" as const;
      if (!orderId) return "unknown_order" as const;
      return applyPayPalRefund(deps, trx, {
        orderId,
        refund,
        reversal: event.type === "PAYMENT.CAPTURE.REVERSED",
        now,
      });
    });
  } else if (ORDER_EVENTS.has(event.type)) {
    orderId = await shopOrderOf(deps.db, event);
    if (orderId) {
      const settled = await settlePayPalOrder(deps, { orderId });
      if (settled.unreachable) {
        throw new AppError("UNAVAILABLE", "PayPal could not be asked about this order. Send it again later.", {
          reason: "paypal-unreachable",
        });
      }
      result = settled.moved ?? "settled";
    } else {
      result = "unknown_order";
    }
    await recordEvent(deps.db, key, orderId, event.type, deps.clock());
  } else {
    result = "ignored";
    await recordEvent(deps.db, key, null, event.type, deps.clock());
  }

  if (result === "ignored" || result === "unknown_order")
    deps.logger.warn({ ...ids, orderId }, `PayPal webhook ${result}`);
  else deps.logger.info({ ...ids, orderId, result }, "PayPal webhook");
  return result;
}

async function recordEvent(
  db: Kysely<Database>,
  key: string,
  orderId: string | null,
  type: string,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto("payment_events")
    .values({ id: key, order_id: orderId, type, received_at: now.toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * The shop order an order or capture event is about: the one whose PayPal order it names. An
 * event that names only a shop order (custom_id) counts for that order only if it has a PayPal
 * order: the step then reads that one, never the event's.
 */
async function shopOrderOf(db: Kysely<Database>, event: PayPalEventFacts): Promise<string | null> {
  const paypalOrderId = event.order?.id ?? event.capture?.orderId ?? event.reversedOrderId;
  if (paypalOrderId) {
    const row = await db
      .selectFrom("orders")
      .select("id")
      .where("paypal_order_id", "=", paypalOrderId)
      .executeTakeFirst();
    if (row) return row.id;
  }
  const customId = event.capture?.customId ?? event.order?.customId;
  if (!customId) return null;
  const row = await db
    .selectFrom("orders")
    .select(["id", "paypal_order_id"])
    .where("id", "=", customId)
    .where("payment_method", "=", "paypal")
    .executeTakeFirst();
  return row?.paypal_order_id ? row.id : null;
}

/**
 * The shop order whose capture this is: the one that recorded it, or, when its payment is not
 * recorded yet (the capture's own news is late), the order whose PayPal order made the capture,
 * settled first so that the payment is recorded before its refund. Null: not the shop's.
 */
async function orderOfCapture(
  deps: HandlePayPalWebhookDeps,
  client: PayPalClient,
  captureId: string,
): Promise<string | null> {
  const recorded = await deps.db
    .selectFrom("orders")
    .select("id")
    .where("payment_reference", "=", captureId)
    .executeTakeFirst();
  if (recorded) return recorded.id;
  let paypalOrderId: string | null;
  try {
    paypalOrderId = (await client.getCapture(captureId)).orderId;
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) return null;
    throw new AppError("UNAVAILABLE", "PayPal could not be asked about this refund's payment. Send it again later.", {
      reason: "paypal-unreachable",
    });
  }
  if (!paypalOrderId) return null;
  const order = await deps.db
    .selectFrom("orders")
    .select(["id", "payment_status"])
    .where("paypal_order_id", "=", paypalOrderId)
    .executeTakeFirst();
  if (!order) return null;
  if (canMovePayment(order.payment_status, "paid") || canMovePayment(order.payment_status, "needs_review")) {
    const settled = await settlePayPalOrder(deps, { orderId: order.id });
    if (settled.unreachable) {
      throw new AppError("UNAVAILABLE", "This refund's payment is not recorded yet. Send it again later.", {
        reason: "payment-not-recorded",
      });
    }
  }
  const now = await deps.db
    .selectFrom("orders")
    .select("id")
    .where("payment_reference", "=", captureId)
    .executeTakeFirst();
  return now?.id ?? null;
}
