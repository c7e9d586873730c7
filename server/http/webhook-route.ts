import type { Handler } from "hono";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import { bodyLimitErrorOf, limitedBody, type BodyLimit } from "./body-limits.ts";

/** How one payment provider's webhook is answered by the shared frame (webhookRoute). */
export interface WebhookRouteOptions {
  bodyLimit: BodyLimit;
  /** Handles one delivery: the raw body as it came (signatures cover the exact bytes) and its headers. */
  handle: (delivery: { payload: string; headers: Headers }) => Promise<unknown>;
  /** Logged when the handler fails with something other than an AppError. */
  failureLog: string;
  /**
   * How an AppError of 500 or more is answered: with its own message and status ("own-message"),
   * or as any other failure, "Try again later." with Retry-After ("retry-later").
   */
  serverAppErrors: "own-message" | "retry-later";
  /** Deliveries handled at once, when the handler calls out (past it: 503 with Retry-After). */
  atOnce?: number;
}

/**
 * The frame of a provider's webhook route (stripe-webhook.ts, paypal-webhook.ts): JSON only (415),
 * a declared length over the limit refused at once (413), the raw body read bounded by the limit
 * (413/408 with Connection: close; 400 when it cannot be read), then the handler: 200
 * `{ received: true, result }`; an AppError under 500 with its message and status; anything else
 * logged and answered 503 with Retry-After, so the provider sends the event again.
 */
export function webhookRoute(services: AppServices, options: WebhookRouteOptions): Handler<AppEnv> {
  let inFlight = 0;
  return async (c) => {
    const contentType = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (contentType !== "application/json") return c.json({ error: "Send the event as JSON." }, 415);
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > options.bodyLimit.maxBytes) {
      return c.json({ error: "The request is too large." }, 413, { Connection: "close" });
    }

    let payload = "";
    if (c.req.raw.body) {
      const limited = limitedBody(c.req.raw.body, options.bodyLimit);
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

    if (options.atOnce !== undefined && inFlight >= options.atOnce) {
      return c.json({ error: "Try again later." }, 503, { "Retry-After": "60" });
    }
    inFlight += 1;
    try {
      const result = await options.handle({ payload, headers: c.req.raw.headers });
      return c.json({ received: true, result });
    } catch (error) {
      if (error instanceof AppError && (error.status < 500 || options.serverAppErrors === "own-message")) {
        return c.json({ error: error.message }, error.status as 400);
      }
      if (!(error instanceof AppError)) services.logger.error({ err: error }, options.failureLog);
      return c.json({ error: "Try again later." }, 503, { "Retry-After": "60" });
    } finally {
      inFlight -= 1;
    }
  };
}
