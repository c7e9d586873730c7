import type { Handler } from "hono";
import { handleStripeWebhook } from "#server/payments/stripe/handle-stripe-webhook.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import type { BodyLimit } from "./body-limits.ts";
import { webhookRoute } from "./webhook-route.ts";

export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";

/** Stripe's Checkout Session events are a few kilobytes; this leaves room and stops anything else. */
export const STRIPE_WEBHOOK_BODY_LIMIT: BodyLimit = { maxBytes: 256 * 1024, timeoutMs: 10_000 };

/**
 * POST /webhooks/stripe. Mounted before the page middleware (create-app.ts) because none of it
 * applies: Stripe posts JSON, not a form; sends no Origin and no cookies; and must reach the
 * shop while Coming Soon is on, or payments made before closing would never be confirmed. The
 * raw body is read here, bounded, because the signature covers the exact bytes.
 * Answers 200 once the event is recorded (or was already), also when it changed nothing; 400 for
 * a bad signature or body, or a signed event without the fields the shop reads (Stripe retries
 * any refusal for up to three days and warns the owner about the endpoint: only a
 * misconfiguration gets one); 503 when the database failed, or for a
 * refund of a payment not recorded yet (handleStripeWebhook).
 */
export function stripeWebhookRoute(services: AppServices): Handler<AppEnv> {
  return webhookRoute(services, {
    bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT,
    handle: ({ payload, headers }) =>
      handleStripeWebhook(services, { payload, signature: headers.get("stripe-signature") ?? null }),
    failureLog: "Stripe webhook failed; Stripe will retry",
    serverAppErrors: "own-message",
  });
}
