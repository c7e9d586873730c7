import type { MiddlewareHandler } from "hono";
import { COMING_SOON_ROUTE_PATH, pathsOpenDuringComingSoon } from "#common/pages/site-paths.ts";
import type { AppServices } from "#server/services.ts";
import { isMaintenanceModeOn } from "#server/settings/maintenance-mode.ts";
import type { AppEnv } from "./app-variables.ts";
import { routePath } from "./route-path.ts";

/**
 * What stays reachable for everyone during maintenance (common/pages/site-paths.ts), as React
 * Router matches paths (any letter case, escapes, trailing slash, and each page's data request).
 */
const OPEN_DURING_MAINTENANCE = new Set(pathsOpenDuringComingSoon());

/** React Router's route discovery (which route modules a path needs; no data), exactly as it recognises it. */
const ROUTE_DISCOVERY_PATH = "/__manifest";

export const RETRY_AFTER_SECONDS = 3600;
const REFUSAL = "We are getting ready to launch. Please come back soon.";

/**
 * While maintenance mode is on, a visitor who is not an admin reaches only the open paths above.
 * Everything else is refused with 503 and Retry-After before any route loader or action runs
 * (React Router runs a page's loaders in parallel with the root's, so the root loader alone
 * cannot hold them back):
 * - a page visit (GET or HEAD of a page address, whatever the route) gets the Coming Soon
 *   document, rendered through a route without data instead of the requested one;
 * - anything else (data requests of client-side navigations, form posts, fetchers) is answered
 *   here with a short text: the browser's router shows that 503 as the Coming Soon page.
 * Admins see and use the whole site, with a banner saying the shop is closed to visitors.
 */
export function maintenanceGate(services: AppServices): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname === ROUTE_DISCOVERY_PATH) return next();
    if (!(await isMaintenanceModeOn(services))) return next();
    if (c.get("viewer")?.isAdmin) {
      c.set("shopClosed", true);
      return next();
    }
    const { path, isData } = routePath(url.pathname);
    if (OPEN_DURING_MAINTENANCE.has(path)) return next();

    const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
    const isPageVisit = (c.req.method === "GET" || c.req.method === "HEAD") && !isData;
    if (!isPageVisit) return c.text(REFUSAL, 503, headers);

    // The address bar keeps the requested URL; only the router is told to render the Coming Soon
    // route (the request log still names the requested path).
    c.req.raw = new Request(new URL(COMING_SOON_ROUTE_PATH, url.origin), {
      method: c.req.method,
      headers: c.req.raw.headers,
      signal: c.req.raw.signal,
    });
    c.set("maintenance", true);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
