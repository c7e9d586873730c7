import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logging/logger.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "#server/orders/order-history.ts";
import {
  applyPaymentOutcome,
  currentPaymentStatus,
  type PaymentMoveResult,
  type PaymentOutcome,
} from "#server/orders/payment-process.ts";
import type { PaymentStatus } from "#common/orders/payment-status.ts";
import type { Clock } from "#server/services.ts";
import { PayPalError, payPalCheckoutOrigin, type PayPalClient } from "./paypal-client.ts";
import { loadPayPalSettlement, payPalClientFor, type PayPalSettlement } from "./paypal-config.ts";
import { OrderLockBusyError, withPayPalOrderLock } from "./paypal-order-lock.ts";
import { outcomeOfCapture, payPalPageLabel, reportedPayPalPayment } from "./paypal-payment.ts";
import type { PayPalCapture, PayPalOrder } from "./paypal-schemas.ts";

export interface SettlePayPalOrderDeps {
  db: Kysely<Database>;
  database: Pick<DatabaseHandle, "engine">;
  env: Pick<Env, "APP_SECRET" | "PAYPAL_API_URL">;
  clock: Clock;
  logger: Logger;
}

/** What the step found and did. */
export interface SettledPayPalOrder {
  /** The order's payment state afterwards (null: no such PayPal order of the shop). */
  paymentStatus: PaymentStatus | null;
  /** What the payment process did, when it was told anything. */
  moved: PaymentMoveResult | null;
  /**
   * PayPal declined the buyer's funding source at capture (INSTRUMENT_DECLINED): the buyer goes
   * back to this address to choose another one, as PayPal asks.
   */
  declinedApproveUrl: string | null;
  /** PayPal could not be asked (or would not answer): nothing changed, a later run tries again. */
  unreachable: boolean;
}

/**
 * The one idempotent step that brings a PayPal order's news into the shop, whoever learns of it:
 * the buyer's return, a webhook event, the reconciliation job. Under the order's PayPal lock
 * (paypal-order-lock.ts), it asks PayPal for the order as it is now (events are only triggers:
 * every fact comes from PayPal's API) and then:
 * - approved by the buyer, and the shop order still awaits payment: captures it, with a
 *   PayPal-Request-Id of the order (the same capture again, never a second one);
 *   ORDER_ALREADY_CAPTURED is success, read from the order once more; INSTRUMENT_DECLINED is
 *   recorded (the next capture gets a new request id) and the buyer is sent back to PayPal;
 * - captured: the capture's status says paid, pending (once per capture) or failed, and the
 *   payment process applies it (`applyPaymentOutcome`, with the payee and custom_id checked:
 *   a mismatch is flagged for review), so one capture is recorded, stock moves once and the
 *   confirmation mail is queued once, whatever ran before;
 * - voided (PayPal reversed the approval): the payment failed, and the stock goes back;
 * - still waiting for the buyer: nothing, unless `expireIfDue` and the order's hold has ended,
 *   when it expires (stock back), as an abandoned card page does.
 * An approval is never captured for an order that no longer awaits payment (expired, cancelled):
 * no money is taken for it, and PayPal drops the approval. PayPal unreachable changes nothing.
 */
export async function settlePayPalOrder(
  deps: SettlePayPalOrderDeps,
  input: { orderId: string; expireIfDue?: boolean },
): Promise<SettledPayPalOrder> {
  const none: SettledPayPalOrder = { paymentStatus: null, moved: null, declinedApproveUrl: null, unreachable: false };
  const first = await deps.db
    .selectFrom("orders")
    .select(["id", "payment_method", "paypal_order_id"])
    .where("id", "=", input.orderId)
    .executeTakeFirst();
  if (!first || first.payment_method !== "paypal") return none;
  const settlement = await loadPayPalSettlement(deps);
  const paypalOrderId = first.paypal_order_id;
  if (!paypalOrderId || !settlement) {
    const paymentStatus = await currentPaymentStatus(deps.db, first.id);
    if (paypalOrderId)
      deps.logger.warn({ orderId: first.id }, "PayPal order not settled: no PayPal credentials are set");
    return input.expireIfDue && !paypalOrderId
      ? expireUnopened(deps, first.id)
      : { ...none, paymentStatus, unreachable: Boolean(paypalOrderId) };
  }
  const client = payPalClientFor(settlement.credentials, deps.env);
  try {
    return await withPayPalOrderLock(deps, first.id, () =>
      settleLocked(deps, client, settlement, { ...input, paypalOrderId }),
    );
  } catch (error) {
    // PayPal unreachable, or another request kept the order's turn (a slow capture): a later
    // return, event or run of the job settles it.
    if (!(error instanceof PayPalError) && !(error instanceof OrderLockBusyError)) throw error;
    deps.logger.warn({ err: error, orderId: input.orderId }, "PayPal could not be asked about an order");
    return { ...none, paymentStatus: await currentPaymentStatus(deps.db, input.orderId), unreachable: true };
  }
}

async function settleLocked(
  deps: SettlePayPalOrderDeps,
  client: PayPalClient,
  settlement: PayPalSettlement,
  input: { orderId: string; paypalOrderId: string; expireIfDue?: boolean },
): Promise<SettledPayPalOrder> {
  const result: SettledPayPalOrder = { paymentStatus: null, moved: null, declinedApproveUrl: null, unreachable: false };
  const order = await deps.db
    .selectFrom("orders")
    .select(["id", "payment_status", "status", "payment_expires_at"])
    .where("id", "=", input.orderId)
    .executeTakeFirstOrThrow();
  const done = async (moved: PaymentMoveResult | null) => ({
    ...result,
    moved,
    paymentStatus: await currentPaymentStatus(deps.db, order.id),
  });

  let paypalOrder: PayPalOrder;
  try {
    paypalOrder = await client.getOrder(input.paypalOrderId);
  } catch (error) {
    // PayPal does not know it (the credentials name another account or environment since):
    // nothing can have been paid through it there.
    if (!(error instanceof PayPalError && error.status === 404)) throw error;
    deps.logger.warn({ orderId: order.id }, "PayPal does not know an order's PayPal order");
    return input.expireIfDue && isDue(order.payment_expires_at, deps.clock())
      ? expire(deps, order.id, input.paypalOrderId)
      : done(null);
  }

  if (paypalOrder.status === "APPROVED") {
    if (order.payment_status !== "awaiting_payment" || order.status === "Cancelled") return done(null);
    const captured = await capture(deps, client, paypalOrder, order.id);
    if ("declined" in captured) return { ...(await done(null)), declinedApproveUrl: captured.declined };
    paypalOrder = captured.order;
  }

  if (paypalOrder.status === "COMPLETED") {
    const taken = paypalOrder.captures[0] ?? null;
    const outcome = taken ? outcomeOfCapture(taken) : null;
    if (!taken || !outcome) {
      deps.logger.warn(
        { orderId: order.id, status: taken?.status ?? null },
        "a completed PayPal order without a capture the shop reads",
      );
      return done(null);
    }
    return done(await apply(deps, settlement, { orderId: order.id, paypalOrder, capture: taken, outcome }));
  }

  if (paypalOrder.status === "VOIDED") {
    return done(await apply(deps, settlement, { orderId: order.id, paypalOrder, capture: null, outcome: "failed" }));
  }

  // CREATED or PAYER_ACTION_REQUIRED: the buyer has not approved it (yet).
  if (input.expireIfDue && isDue(order.payment_expires_at, deps.clock())) {
    return expire(deps, order.id, input.paypalOrderId, paypalOrder);
  }
  return done(null);
}

/**
 * Captures an approved PayPal order, keyed so that every caller's capture is the same one: the
 * request id names the PayPal order and how many captures PayPal declined before, so a capture
 * after the buyer chose another funding source is a new request, and a repeat is not.
 */
async function capture(
  deps: SettlePayPalOrderDeps,
  client: PayPalClient,
  paypalOrder: PayPalOrder,
  orderId: string,
): Promise<{ order: PayPalOrder } | { declined: string }> {
  const declines = await countDeclines(deps.db, paypalOrder.id);
  const requestId = `capture:${paypalOrder.id}${declines > 0 ? `:after-${declines}-declined` : ""}`;
  try {
    return { order: await client.captureOrder(paypalOrder.id, { requestId }) };
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    // Captured by an earlier request whose answer was lost, or before the request id's time ran out.
    if (error.hasIssue("ORDER_ALREADY_CAPTURED")) return { order: await client.getOrder(paypalOrder.id) };
    if (!error.hasIssue("INSTRUMENT_DECLINED")) throw error;
    const now = deps.clock();
    await deps.db.transaction().execute(async (trx) => {
      const marked = await trx
        .insertInto("payment_events")
        .values({
          id: `paypal-declined:${paypalOrder.id}:${declines + 1}`,
          order_id: orderId,
          type: "paypal-capture-declined",
          received_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(marked.numInsertedOrUpdatedRows ?? 0) !== 1) return;
      await appendOrderHistory(trx, {
        orderId,
        status: "PayPal declined the payment",
        location: STAFF_STATUS_LOCATION,
        at: now,
        customerVisible: false,
        note: `PayPal declined the buyer's funding source (${payPalPageLabel(paypalOrder.id)}); the buyer was asked to choose another one.`,
      });
    });
    deps.logger.info({ orderId }, "PayPal declined a capture: the buyer is sent back to choose another funding source");
    const approveUrl =
      paypalOrder.approveUrl ??
      `${payPalCheckoutOrigin(client.environment, deps.env)}/checkoutnow?token=${encodeURIComponent(paypalOrder.id)}`;
    return { declined: approveUrl };
  }
}

async function countDeclines(db: Kysely<Database>, paypalOrderId: string): Promise<number> {
  const row = await db
    .selectFrom("payment_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", "like", `paypal-declined:${paypalOrderId}:%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tells the payment process what PayPal says, in one transaction; a pending capture only once. */
async function apply(
  deps: SettlePayPalOrderDeps,
  settlement: PayPalSettlement,
  input: { orderId: string; paypalOrder: PayPalOrder; capture: PayPalCapture | null; outcome: PaymentOutcome },
): Promise<PaymentMoveResult> {
  const { orderId, paypalOrder, capture, outcome } = input;
  const now = deps.clock();
  const payment = reportedPayPalPayment(paypalOrder, capture, {
    shopOrderId: orderId,
    merchantId: settlement.merchantId,
  });
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (outcome === "pending" && capture) {
      // The return page, the webhook and the job all see the same pending capture: one note.
      const first = await trx
        .insertInto("payment_events")
        .values({
          id: `paypal-pending:${capture.id}`,
          order_id: orderId,
          type: "paypal-capture-pending",
          received_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(first.numInsertedOrUpdatedRows ?? 0) !== 1) return "unchanged" as const;
    }
    return applyPaymentOutcome(deps, trx, { orderId, payment, outcome, now });
  });
  if (moved !== "unchanged") deps.logger.info({ orderId, result: moved }, "PayPal payment settled");
  return moved;
}

function isDue(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && expiresAt < now.toISOString();
}

/** The hold ended and the buyer never approved: expired, stock back (the process's own move). */
async function expire(
  deps: SettlePayPalOrderDeps,
  orderId: string,
  paypalOrderId: string,
  paypalOrder?: PayPalOrder,
): Promise<SettledPayPalOrder> {
  const now = deps.clock();
  const moved = await deps.db.transaction().execute((trx) =>
    applyPaymentOutcome(deps, trx, {
      orderId,
      payment: {
        provider: "PayPal",
        pageId: paypalOrderId,
        pageLabel: payPalPageLabel(paypalOrderId),
        amountCents: paypalOrder?.amount ?? null,
        currency: paypalOrder?.currency ?? null,
        reference: null,
      },
      outcome: "expired",
      now,
    }),
  );
  return {
    paymentStatus: await currentPaymentStatus(deps.db, orderId),
    moved,
    declinedApproveUrl: null,
    unreachable: false,
  };
}

/** An order whose PayPal order was never created (PayPal was unreachable at checkout): nothing to ask. */
async function expireUnopened(deps: SettlePayPalOrderDeps, orderId: string): Promise<SettledPayPalOrder> {
  const order = await deps.db
    .selectFrom("orders")
    .select(["payment_expires_at", "payment_status"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (order.payment_status !== "awaiting_payment" || !isDue(order.payment_expires_at, deps.clock())) {
    return { paymentStatus: order.payment_status, moved: null, declinedApproveUrl: null, unreachable: false };
  }
  return expire(deps, orderId, "");
}
