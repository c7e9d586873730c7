import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { PAYMENT_PROVIDER_NAMES, type ProviderPaymentMethod } from "#common/orders/payment-status.ts";
import { startPayPalPayment, type StartPayPalPaymentDeps } from "#server/payments/paypal/start-paypal-payment.ts";
import type { StartCardPaymentDeps } from "#server/payments/stripe/start-card-payment.ts";
import { beginCardPayment } from "./begin-card-payment.ts";

const PAYPAL_UNREACHABLE =
  "We could not reach PayPal. Your order is saved; please try paying with PayPal again in a moment.";

/**
 * The provider's page for a placed card or PayPal order (Stripe's payment page, PayPal's
 * approval page), or null with what to tell the buyer when it cannot be had now. The order is
 * safe either way: it stays awaiting payment with its stock held, and its confirmation page
 * offers to pay again.
 */
export async function beginProviderPayment(
  deps: StartCardPaymentDeps & StartPayPalPaymentDeps & { logger: Logger },
  input: { orderId: string; method: ProviderPaymentMethod },
): Promise<{ url: string } | { url: null; message: string }> {
  if (input.method === "card") return beginCardPayment(deps, input);
  try {
    return await startPayPalPayment(deps, input);
  } catch (error) {
    // startPayPalPayment has logged a PayPal failure already; other AppErrors say what is wrong.
    if (error instanceof AppError && error.reason !== "paypal-error") return { url: null, message: error.message };
    if (!(error instanceof AppError)) {
      deps.logger.warn(
        { orderId: input.orderId, errorName: error instanceof Error ? error.name : typeof error },
        `${PAYMENT_PROVIDER_NAMES.paypal} payment could not be started`,
      );
    }
    return { url: null, message: PAYPAL_UNREACHABLE };
  }
}
