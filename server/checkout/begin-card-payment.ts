import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { startCardPayment, type StartCardPaymentDeps } from "#server/payments/stripe/start-card-payment.ts";

const STRIPE_UNREACHABLE =
  "We could not reach the card payment service. Your order is saved; please try paying again in a moment.";

/**
 * Stripe's hosted payment page for a placed card order, or null when it cannot be had now
 * (Stripe unreachable, card payments switched off, the order no longer awaiting payment). The
 * order itself is already safe: it stays awaiting payment with its stock held, and its
 * confirmation page offers "Pay by card" again. A failure is logged without the order's details.
 */
export async function beginCardPayment(
  deps: StartCardPaymentDeps & { logger: Logger },
  input: { orderId: string },
): Promise<{ url: string } | { url: null; message: string }> {
  try {
    return await startCardPayment(deps, input);
  } catch (error) {
    // startCardPayment has logged a Stripe failure already; other AppErrors say what is wrong.
    if (error instanceof AppError && error.reason !== "stripe-error") return { url: null, message: error.message };
    if (!(error instanceof AppError)) {
      deps.logger.warn(
        { orderId: input.orderId, errorName: error instanceof Error ? error.name : typeof error },
        "card payment could not be started",
      );
    }
    return { url: null, message: STRIPE_UNREACHABLE };
  }
}
