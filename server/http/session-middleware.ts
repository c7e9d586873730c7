import type { MiddlewareHandler } from "hono";
import { resolveViewer } from "#server/accounts/viewer.ts";
import { isHttpsSite } from "#server/config/env.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import { clearFlashCookie, readFlash } from "./flash.ts";

/**
 * Resolves the visitor's session once per request (for pages, data requests and actions) and
 * forwards whatever cookie better-auth wants to set (a slid expiry, or clearing a dead session).
 * Also picks up a one-time flash message and clears its cookie on the page that shows it.
 */
export function sessionMiddleware(services: AppServices): MiddlewareHandler<AppEnv> {
  const secure = isHttpsSite(services.env);
  return async (c, next) => {
    const { viewer, expired, headers } = await resolveViewer(services, {
      headers: c.req.raw.headers,
      clientAddress: c.get("clientAddress"),
    });
    c.set("viewer", viewer);
    c.set("sessionExpired", expired);
    // Only a page (or its client-side data request) shows the message; route discovery
    // (/__manifest) and other fetches must not use it up.
    const showsPage = c.req.path.endsWith(".data") || (c.req.header("accept") ?? "").includes("text/html");
    const flash = c.req.method === "GET" && showsPage ? readFlash(c.req.header("cookie")) : null;
    c.set("flash", flash);
    await next();
    // A page made for a signed-in person (account, orders, admin screens) is theirs alone.
    if (viewer && !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
    for (const cookie of headers.getSetCookie()) c.res.headers.append("Set-Cookie", cookie);
    if (flash) c.res.headers.append("Set-Cookie", clearFlashCookie(secure));
  };
}
