import type { Kysely, Selectable } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import type { ClosedPaymentPage, PaymentProvider, ProviderRefunds } from "#server/orders/payment-provider.ts";
import { PayPalError, type PayPalClient } from "./paypal-client.ts";
import { loadPayPalSettlement, payPalClientFor } from "./paypal-config.ts";
import { withPayPalOrderLock } from "./paypal-order-lock.ts";
import { outcomeOfCapture, reportedPayPalPayment } from "./paypal-payment.ts";
import type { PayPalOrder } from "./paypal-schemas.ts";

export interface PayPalProviderDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "PAYPAL_API_URL">;
  logger: Logger;
}

/** What staff read when PayPal does not know an order's PayPal order. */
export const UNKNOWN_PAYPAL_ORDER_NOTE =
  "PayPal does not know this order's PayPal order: the PayPal credentials or environment were changed since it was made. " +
  "A payment made through it would show in the other PayPal account.";

/**
 * PayPal payments as staff actions use them (cancel, refund). The PayPal toggle may be off by
 * now: an order already paid or being paid through PayPal is still settled with the stored
 * credentials (paypal-config.ts).
 */
export function payPalPaymentProvider(deps: PayPalProviderDeps): PaymentProvider {
  return {
    name: "PayPal",
    closePaymentPage: (order) => closePaymentPage(deps, order),
    listRefunds: (order) => listRefunds(deps, order),
    // Staff's cancel and the settle step (return page, webhook, job) take turns on an order.
    exclusive: (orderId, work) => withPayPalOrderLock(deps, orderId, work),
  };
}

async function clientFor(deps: PayPalProviderDeps, what: string) {
  const settlement = await loadPayPalSettlement(deps);
  if (!settlement) {
    throw new AppError(
      "UNAVAILABLE",
      `The PayPal client ID and secret are not set in Store Settings, so PayPal cannot ${what}.`,
      { reason: "paypal-not-configured" },
    );
  }
  return { client: payPalClientFor(settlement.credentials, deps.env), settlement };
}

/**
 * Before staff cancel an unpaid PayPal order. PayPal has no way to close an order the buyer may
 * still approve, and needs none: the shop captures only orders that await payment, so an
 * approval that comes after the cancellation takes no money. What PayPal took already is
 * reported ("paid") for the process to record and the cancellation to refund; a capture PayPal
 * still holds (pending) cannot be refunded yet, so the order stays. PayPal unreachable: the
 * order is not cancelled.
 */
async function closePaymentPage(deps: PayPalProviderDeps, order: Selectable<OrdersTable>): Promise<ClosedPaymentPage> {
  if (!order.paypal_order_id) return { kind: "closed" };
  const { client, settlement } = await clientFor(deps, "check this order's payment, so the order was not cancelled");
  let paypalOrder: PayPalOrder;
  try {
    paypalOrder = await client.getOrder(order.paypal_order_id);
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) {
      deps.logger.warn({ orderId: order.id }, "PayPal does not know a PayPal order's payment");
      return { kind: "unknown", note: UNKNOWN_PAYPAL_ORDER_NOTE };
    }
    deps.logger.warn({ err: error, orderId: order.id }, "PayPal could not be asked about an order being cancelled");
    throw new AppError(
      "UNAVAILABLE",
      "PayPal could not be asked about this order's payment, so the order was not cancelled. Please try again.",
      { reason: "paypal-unreachable" },
    );
  }
  const capture = paypalOrder.status === "COMPLETED" ? (paypalOrder.captures[0] ?? null) : null;
  const outcome = capture ? outcomeOfCapture(capture) : null;
  if (outcome === "pending") {
    throw new AppError(
      "CONFLICT",
      "PayPal is still holding this order's payment. Cancel the order once the payment has arrived.",
      { reason: "payment-settling" },
    );
  }
  if (outcome === "paid") {
    return {
      kind: "paid",
      payment: reportedPayPalPayment(paypalOrder, capture, {
        shopOrderId: order.id,
        merchantId: settlement.merchantId,
      }),
    };
  }
  return { kind: "closed" };
}

/**
 * The capture's refunds at PayPal, and how to make one (see ProviderRefunds). PayPal lists no
 * refunds of a capture: they are read from its order. Each refund the shop makes carries its
 * attempt as custom_id and is keyed by it (PayPal-Request-Id), so a retry gets the same refund.
 */
async function listRefunds(deps: PayPalProviderDeps, order: Selectable<OrdersTable>): Promise<ProviderRefunds> {
  const captureId = order.payment_reference;
  if (!captureId || !order.paypal_order_id) {
    throw new AppError("CONFLICT", "This PayPal order has no captured payment to refund.", { reason: "no-capture" });
  }
  const { client } = await clientFor(deps, "refund this order");
  let paypalOrder: PayPalOrder;
  try {
    paypalOrder = await client.getOrder(order.paypal_order_id);
  } catch (error) {
    throw refundFailed(deps, error, order.id);
  }
  const refunds = paypalOrder.refunds.filter((refund) => refund.captureId === null || refund.captureId === captureId);
  const isFailed = (status: string) => status === "FAILED" || status === "CANCELLED";
  const failed = new Set(refunds.filter((refund) => isFailed(refund.status)).map((refund) => refund.id));
  return {
    live: refunds
      .filter((refund) => !isFailed(refund.status))
      .map((refund) => ({ id: refund.id, amount: refund.amount, attempt: refund.customId })),
    failedCount: failed.size,
    create: (refund) => createRefund(deps, client, { ...refund, captureId, currency: order.currency, failed }),
  };
}

async function createRefund(
  deps: PayPalProviderDeps,
  client: PayPalClient,
  refund: {
    orderId: string;
    amount: number;
    attempt: string;
    captureId: string;
    currency: string;
    failed: Set<string>;
  },
): Promise<string> {
  let id: string;
  try {
    const made = await client.refundCapture(refund.captureId, {
      requestId: `refund:${refund.orderId}:${refund.attempt}`,
      customId: refund.attempt,
      amount: refund.amount,
      currency: refund.currency,
    });
    id = made.id;
  } catch (error) {
    throw refundFailed(deps, error, refund.orderId);
  }
  // A repeated request id gets PayPal's first answer, even for a refund that failed since.
  if (refund.failed.has(id)) throw refundFailed(deps, new Error(`refund ${id} failed at PayPal`), refund.orderId);
  return id;
}

/** PayPal's message may name the account: staff get a plain one, the log the rest. */
function refundFailed(deps: PayPalProviderDeps, error: unknown, orderId: string): AppError {
  deps.logger.warn({ err: error, orderId }, "PayPal refused a refund");
  return new AppError(
    "UNAVAILABLE",
    "PayPal could not make this refund. Please try again, or check the payment in your PayPal account.",
    { reason: "paypal-refund-failed" },
  );
}
