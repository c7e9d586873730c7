import type { Handler } from "hono";
import { AppError } from "#server/errors/app-error.ts";
import { handleStripeWebhook } from "#server/payments/stripe/handle-stripe-webhook.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import { bodyLimitErrorOf, limitedBody, type BodyLimit } from "./body-limits.ts";

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
  return async (c) => {
    const contentType = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (contentType !== "application/json") return c.json({ error: "Send the event as JSON." }, 415);
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > STRIPE_WEBHOOK_BODY_LIMIT.maxBytes) {
      return c.json({ error: "The request is too large." }, 413, { Connection: "close" });
    }

    let payload = "";
    if (c.req.raw.body) {
      const limited = limitedBody(c.req.raw.body, STRIPE_WEBHOOK_BODY_LIMIT);
      try {
        payload = await new Response(limited.stream).text();
      } catch (error) {
        const limitError = bodyLimitErrorOf(error);
        if (limitError) return c.json({ error: limitError.message }, limitError.status, { Connection: "close" });
        return c.json({ error: "The request body could not be read." }, 400);
      } finally {
        limited.release();
      }
    }

    try {
      const result = await handleStripeWebhook(services, {
        payload,
        signature: c.req.header("stripe-signature") ?? null,
      });
      return c.json({ received: true, result });
    } catch (error) {
      if (error instanceof AppError) return c.json({ error: error.message }, error.status as 400);
      services.logger.error({ err: error }, "Stripe webhook failed; Stripe will retry");
      return c.json({ error: "Try again later." }, 503, { "Retry-After": "60" });
    }
  };
}
