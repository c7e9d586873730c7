import type { MiddlewareHandler } from "hono";
import type { Logger } from "#server/logging/logger.ts";
import type { AppEnv } from "./app-variables.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every request that can change something (pages' form
 * posts, data requests and resource routes alike): another site must not be able to sign a
 * visitor out or subscribe addresses with the visitor's browser.
 *
 * Browsers send `Origin` on every POST. It must be this site's: PUBLIC_URL's origin, or the origin
 * the request was addressed to (its Host, which a page on another site cannot choose: this covers
 * the development server reached as 127.0.0.1 and `app.request()` in tests). Without `Origin`, a
 * browser's `Sec-Fetch-Site: cross-site` is refused too. A request with neither header comes from
 * no browser (curl, a mail client's one-click unsubscribe, a payment provider's webhook) and
 * cannot carry a visitor's cookies from another site: it goes on.
 */
export function originCheck(publicUrl: string, logger: Logger): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const ownOrigin = new URL(c.req.url).origin;
    const fetchSite = c.req.header("sec-fetch-site");
    const allowed = origin === undefined ? fetchSite !== "cross-site" : origin === publicOrigin || origin === ownOrigin;
    if (!allowed) {
      // Expected traffic from other sites, not a fault of ours: a warning, never an error.
      logger.warn(
        { method: c.req.method, path: c.req.path, origin: origin ?? null, fetchSite: fetchSite ?? null },
        "cross-site request refused",
      );
      return c.json({ error: "This request came from another site and was refused." }, 403);
    }
    // Checked here, once: React Router would compare it again with the URL this server saw,
    // which is http:// behind a TLS proxy, and refuse a legitimate post with an error line.
    if (origin !== undefined) c.req.raw.headers.delete("origin");
    return next();
  };
}
