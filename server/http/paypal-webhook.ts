import type { Handler } from "hono";
import { handlePayPalWebhook } from "#server/payments/paypal/handle-paypal-webhook.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import type { BodyLimit } from "./body-limits.ts";
import { webhookRoute } from "./webhook-route.ts";

export const PAYPAL_WEBHOOK_PATH = "/webhooks/paypal";

/**
 * Deliveries handled at once: each asks PayPal to verify it (and may capture), so a flood of
 * forged posts must not turn into as many calls to PayPal. Past it the answer is 503, which
 * PayPal retries; the return page and the reconciliation job settle orders meanwhile.
 */
export const PAYPAL_WEBHOOKS_AT_ONCE = 4;

/** PayPal's events carry one order or capture: a few kilobytes. */
export const PAYPAL_WEBHOOK_BODY_LIMIT: BodyLimit = { maxBytes: 256 * 1024, timeoutMs: 10_000 };

/**
 * POST /webhooks/paypal, mounted before the page middleware as /webhooks/stripe is (see
 * stripe-webhook.ts): JSON, no Origin, no cookies, and open while Coming Soon is on. The raw body
 * is read here, bounded, and handed on as it came: PayPal verifies the event as it sent it.
 * Answers 200 once the event is recorded (or was already), also when it changed nothing; 400
 * for a delivery PayPal does not verify or the shop cannot read (changing nothing); 503 when
 * PayPal or the database could not be reached, so that PayPal sends it again.
 */
export function payPalWebhookRoute(services: AppServices): Handler<AppEnv> {
  return webhookRoute(services, {
    bodyLimit: PAYPAL_WEBHOOK_BODY_LIMIT,
    handle: ({ payload, headers }) => handlePayPalWebhook(services, { payload, headers }),
    failureLog: "PayPal webhook failed; PayPal will retry",
    serverAppErrors: "retry-later",
    atOnce: PAYPAL_WEBHOOKS_AT_ONCE,
  });
}
