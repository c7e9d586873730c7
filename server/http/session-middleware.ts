import type { MiddlewareHandler } from "hono";
import { resolveViewer } from "#server/accounts/viewer.ts";
import { isHttpsSite } from "#server/config/env.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import { clearFlashCookie, readFlash } from "./flash.ts";
import { routePath } from "./route-path.ts";

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
    const flash =
      c.req.method === "GET" && showsToasts(new URL(c.req.url), c.req.header("accept"))
        ? readFlash(c.req.header("cookie"))
        : null;
    c.set("flash", flash);
    await next();
    // A page made for a signed-in person (account, orders, admin screens) is theirs alone.
    if (viewer && !c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
    for (const cookie of headers.getSetCookie()) c.res.headers.append("Set-Cookie", cookie);
    if (flash) c.res.headers.append("Set-Cookie", clearFlashCookie(secure));
  };
}

/**
 * Whether this request's answer reaches the root layout, which shows the flashed toast: a page, or
 * a data request that runs the root loader. Route discovery (/__manifest) and other fetches must
 * not use the toast up, nor may a data request for other routes only (`_routes` without `root`:
 * a fetcher's load, revalidated after the same post as the root): it would clear the cookie with
 * an answer the root never reads, and the toast would be lost whenever it got there first.
 */
function showsToasts(url: URL, accept: string | undefined): boolean {
  if (routePath(url.pathname).isData) {
    const routes = url.searchParams.get("_routes");
    return routes === null || routes.split(",").includes("root");
  }
  return (accept ?? "").includes("text/html");
}
