import type { MiddlewareHandler } from "hono";
import type { AppServices } from "#server/services.ts";
import { isMaintenanceModeOn } from "#server/settings/maintenance-mode.ts";
import type { AppEnv } from "./app-variables.ts";

/**
 * Paths that stay reachable during maintenance: sign-in (its page, data request and form post)
 * and the launch list's subscribe form, with the confirm and unsubscribe links of its e-mails.
 */
const OPEN_DURING_MAINTENANCE = [
  /^\/login\/?$/,
  /^\/resources\/subscribe\/?$/,
  /^\/newsletter\/(confirm|unsubscribe)\/?$/,
  // React Router's route discovery, used by the client to navigate to /login.
  /^\/__manifest$/,
];

/** Routes without a page: answered here, since the Coming Soon page is rendered by the root route. */
const isResourcePath = (path: string) =>
  path.startsWith("/resources/") || path === "/sitemap.xml" || path === "/robots.txt";

export const RETRY_AFTER_SECONDS = 3600;

/**
 * While maintenance mode is on, visitors who are not admins get the Coming Soon page (rendered by
 * the root route when `maintenance` is set) with HTTP 503 and Retry-After, whatever the path.
 */
export function maintenanceGate(services: AppServices): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    // Client-side navigations and fetchers ask for "<path>.data" (or "<path>/_.data").
    const pagePath = path.replace(/(\/_)?\.data$/, "") || "/";
    if (OPEN_DURING_MAINTENANCE.some((pattern) => pattern.test(pagePath))) return next();
    if (!(await isMaintenanceModeOn(services.db, services.logger))) return next();
    if (c.get("viewer")?.isAdmin) return next();

    if (isResourcePath(path)) {
      return c.text("We are getting ready to launch. Please come back soon.", 503, {
        "Retry-After": String(RETRY_AFTER_SECONDS),
      });
    }
    c.set("maintenance", true);
    await next();
    c.res.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    c.res.headers.set("Cache-Control", "no-store");
  };
}
