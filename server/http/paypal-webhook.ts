import type { Handler } from "hono";
import { AppError } from "#server/errors/app-error.ts";
import { handlePayPalWebhook } from "#server/payments/paypal/handle-paypal-webhook.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import { bodyLimitErrorOf, limitedBody, type BodyLimit } from "./body-limits.ts";

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
  let inFlight = 0;
  return async (c) => {
    const contentType = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (contentType !== "application/json") return c.json({ error: "Send the event as JSON." }, 415);
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > PAYPAL_WEBHOOK_BODY_LIMIT.maxBytes) {
      return c.json({ error: "The request is too large." }, 413, { Connection: "close" });
    }

    let payload = "";
    if (c.req.raw.body) {
      const limited = limitedBody(c.req.raw.body, PAYPAL_WEBHOOK_BODY_LIMIT);
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

    if (inFlight >= PAYPAL_WEBHOOKS_AT_ONCE) {
      return c.json({ error: "Try again later." }, 503, { "Retry-After": "60" });
    }
    inFlight += 1;
    try {
      const result = await handlePayPalWebhook(services, { payload, headers: c.req.raw.headers });
      return c.json({ received: true, result });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return c.json({ error: error.message }, error.status as 400);
      if (!(error instanceof AppError))
        services.logger.error({ err: error }, "PayPal webhook failed; PayPal will retry");
      return c.json({ error: "Try again later." }, 503, { "Retry-After": "60" });
    } finally {
      inFlight -= 1;
    }
  };
}
