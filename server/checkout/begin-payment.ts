import type { ErrorReason } from "#common/errors/error-reasons.ts";
import { PAYMENT_PROVIDER_NAMES, type ProviderPaymentMethod } from "#common/orders/payment-status.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { startPayPalPayment, type StartPayPalPaymentDeps } from "#server/payments/paypal/start-paypal-payment.ts";
import { startCardPayment, type StartCardPaymentDeps } from "#server/payments/stripe/start-card-payment.ts";

type BeginPaymentDeps = StartCardPaymentDeps & StartPayPalPaymentDeps & { logger: Logger };

/**
 * Each provider's start, the reason of its own failures (which the start has logged already),
 * what the buyer is told when it cannot be reached, and the log line of any other failure.
 */
const PROVIDER_STARTS: Record<
  ProviderPaymentMethod,
  {
    start(deps: BeginPaymentDeps, input: { orderId: string }): Promise<{ url: string }>;
    failure: ErrorReason;
    unreachable: string;
    logMessage: string;
  }
> = {
  card: {
    start: startCardPayment,
    failure: "stripe-error",
    unreachable:
      "We could not reach the card payment service. Your order is saved; please try paying again in a moment.",
    logMessage: "card payment could not be started",
  },
  paypal: {
    start: startPayPalPayment,
    failure: "paypal-error",
    unreachable: "We could not reach PayPal. Your order is saved; please try paying with PayPal again in a moment.",
    logMessage: `${PAYMENT_PROVIDER_NAMES.paypal} payment could not be started`,
  },
};

/**
 * The provider's page for a placed card or PayPal order (Stripe's payment page, PayPal's
 * approval page), or null with what to tell the buyer when it cannot be had now (the provider
 * unreachable, its payments switched off, the order no longer awaiting payment). The order is
 * safe either way: it stays awaiting payment with its stock held, and its confirmation page
 * offers to pay again. A failure is logged without the order's details.
 */
export async function beginProviderPayment(
  deps: BeginPaymentDeps,
  input: { orderId: string; method: ProviderPaymentMethod },
): Promise<{ url: string } | { url: null; message: string }> {
  const provider = PROVIDER_STARTS[input.method];
  try {
    return await provider.start(deps, input);
  } catch (error) {
    // Other AppErrors than the provider's own failures say what is wrong.
    if (error instanceof AppError && error.reason !== provider.failure) return { url: null, message: error.message };
    if (!(error instanceof AppError)) {
      deps.logger.warn(
        { orderId: input.orderId, errorName: error instanceof Error ? error.name : typeof error },
        provider.logMessage,
      );
    }
    return { url: null, message: provider.unreachable };
  }
}
