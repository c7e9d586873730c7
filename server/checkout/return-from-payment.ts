import { withinRateLimit } from "#server/http/action-result.ts";
import { settlePayPalOrder } from "#server/payments/paypal/settle-paypal-order.ts";
import { syncCardPaymentOnReturn } from "#server/payments/stripe/sync-card-payment-on-return.ts";
import type { AppServices } from "#server/services.ts";
import { isProviderPayment } from "#common/orders/payment-status.ts";
import { loadPaymentOptions } from "./payment-options.ts";
import type { OrderConfirmation } from "./get-order-confirmation.ts";

/** How the buyer came to the confirmation page: straight after placing it, back from the provider, or later. */
export interface ConfirmationVisit {
  /** Back from the provider's page after paying (Stripe's `?session_id=…`, PayPal's `?paypal=return`). */
  returnedFromPayment: boolean;
  /** Back from the provider's page after choosing Cancel. */
  cancelledPayment: boolean;
  /** The provider's page could not be opened when the order was placed. */
  paymentUnavailable: boolean;
}

/**
 * What the buyer's return from a payment page brings, before the confirmation page is shown:
 * - from Stripe (`session_id`): the order's Checkout Session is asked about, so "paid" shows at
 *   once when the webhook lags (syncCardPaymentOnReturn);
 * - from PayPal (`paypal=return&token=<its PayPal order>`): the one PayPal step runs
 *   (settlePayPalOrder: the approved order is captured, or what the webhook or job captured is
 *   read), and when PayPal declined the buyer's funding source, the buyer is sent back to PayPal
 *   to choose another one (`redirectTo`).
 * Only the order's own page is asked about, and at most `rateLimits.cardPayment` times a minute
 * per client: past that, or when the provider cannot be reached, the page shows the order as it
 * is, and the webhook or the job settles it. `changed`: read the order again.
 */
export async function syncPaymentOnReturn(
  services: AppServices,
  input: { order: OrderConfirmation; search: URLSearchParams; clientAddress: string },
): Promise<{ changed: boolean; redirectTo: string | null }> {
  const { order, search, clientAddress } = input;
  const unchanged = { changed: false, redirectTo: null };
  if (order.paymentStatus !== "awaiting_payment") return unchanged;
  if (order.paymentMethod === "card" && search.has("session_id")) {
    if (!(await withinRateLimit(services.rateLimits.cardPayment, clientAddress))) return unchanged;
    const status = await syncCardPaymentOnReturn(services, { orderId: order.id, sessionId: search.get("session_id") });
    return { changed: status !== order.paymentStatus, redirectTo: null };
  }
  if (order.paymentMethod === "paypal" && search.get("paypal") === "return") {
    const own = await services.db
      .selectFrom("orders")
      .select("paypal_order_id")
      .where("id", "=", order.id)
      .executeTakeFirst();
    const token = search.get("token");
    if (!own?.paypal_order_id || own.paypal_order_id !== token) return unchanged;
    if (!(await withinRateLimit(services.rateLimits.cardPayment, clientAddress))) return unchanged;
    const settled = await settlePayPalOrder(services, { orderId: order.id });
    const moved = settled.moved !== null && settled.moved !== "unchanged";
    return { changed: moved || settled.paymentStatus !== order.paymentStatus, redirectTo: settled.declinedApproveUrl };
  }
  return unchanged;
}

/** The confirmation page's view of how the buyer came, and whether it offers to pay again. */
export async function confirmationPaymentView(
  services: Pick<AppServices, "db" | "env">,
  input: { order: OrderConfirmation; search: URLSearchParams },
): Promise<{ visit: ConfirmationVisit; canPayAgain: boolean; justPlaced: boolean }> {
  const { order, search } = input;
  const awaitingProvider = isProviderPayment(order.paymentMethod) && order.paymentStatus === "awaiting_payment";
  const options = awaitingProvider ? await loadPaymentOptions(services) : null;
  const returnedFromPayment = search.has("session_id") || search.get("paypal") === "return";
  const cancelledPayment = search.get("cancelled") === "1" || search.get("paypal") === "cancel";
  return {
    visit: { returnedFromPayment, cancelledPayment, paymentUnavailable: search.get("payment") === "unavailable" },
    canPayAgain: options !== null && (order.paymentMethod === "paypal" ? options.paypal : options.card),
    /** The order was just placed (or paid on the provider's page): the cart that became it is emptied. */
    justPlaced: search.has("placed") || returnedFromPayment || cancelledPayment,
  };
}
