import { CARD_HOLD_MINUTES } from "#server/orders/payment-process.ts";
import { settlePayPalOrder, type SettledPayPalOrder, type SettlePayPalOrderDeps } from "./settle-paypal-order.ts";

/** PayPal orders are first asked about this long after they were placed: the return page and the webhook come sooner. */
export const RECONCILE_AFTER_MS = 3 * 60_000;
/** Orders looked at per run (every minute): a backlog is worked off a minute at a time. */
const BATCH = 50;
/** How long an order whose hold has ended waits after PayPal could not be asked, so others get their turn. */
export const RECONCILE_RETRY_MS = 10 * 60_000;

/**
 * The reconciliation job (every minute): PayPal orders still awaiting payment a few minutes
 * after they were placed are asked about at PayPal through the one step (settlePayPalOrder), so
 * a payment whose return page and webhook both went missing is still captured and recorded, and
 * an approval nobody returned from is captured too. Once an order's hold has ended
 * (CARD_HOLD_MINUTES) and the buyer never approved, it expires and its stock goes back, as an
 * abandoned card page does. A capture PayPal holds (pending) moved the order's deadline days
 * ahead: it is asked again then, the webhook bringing its news before. PayPal unreachable leaves
 * the order for a later run. Returns what the step did per order id.
 */
export async function reconcilePayPalOrders(deps: SettlePayPalOrderDeps): Promise<Map<string, SettledPayPalOrder>> {
  const now = deps.clock();
  const due = await deps.db
    .selectFrom("orders")
    .select(["id", "payment_expires_at"])
    .where("payment_method", "=", "paypal")
    .where("payment_status", "=", "awaiting_payment")
    .where("order_date", "<", new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString())
    .where("payment_expires_at", "<", new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000).toISOString())
    .orderBy("payment_expires_at")
    .limit(BATCH)
    .execute();
  const results = new Map<string, SettledPayPalOrder>();
  for (const order of due) {
    const settled = await settlePayPalOrder(deps, { orderId: order.id, expireIfDue: true });
    results.set(order.id, settled);
    if (settled.unreachable && order.payment_expires_at && order.payment_expires_at < now.toISOString()) {
      await deps.db
        .updateTable("orders")
        .set({ payment_expires_at: new Date(now.getTime() + RECONCILE_RETRY_MS).toISOString() })
        .where("id", "=", order.id)
        .where("payment_status", "=", "awaiting_payment")
        .execute();
    }
  }
  return results;
}
