import type { Context, MiddlewareHandler } from "hono";
import { resolveViewer, type ResolvedViewer } from "#server/accounts/viewer.ts";
import type { AppServices } from "#server/services.ts";
import type { AppEnv } from "./app-variables.ts";
import { clearFlashCookie, readFlash } from "./flash.ts";
import type { IsIslandPage } from "./island-pages.ts";
import { routePath } from "./route-path.ts";

/**
 * Resolves the visitor's session once per request (for pages, data requests and actions) and
 * forwards whatever cookie better-auth wants to set (a slid expiry, or clearing a dead session).
 * Also picks up a one-time flash message and clears its cookie on the page that shows it.
 */
export function sessionMiddleware(services: AppServices, isIslandPage: IsIslandPage): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { viewer, expired, headers } = await requestSession(services, c);
    c.set("viewer", viewer);
    c.set("sessionExpired", expired);
    const flash =
      c.req.method === "GET" && (await showsToasts(new URL(c.req.url), c.req.header("accept"), isIslandPage))
        ? readFlash(c.req.header("cookie"))
        : null;
    c.set("flash", flash);
    await next();
    // A page made for a signed-in person (account, orders, admin screens) is theirs alone.
    if (viewer && !c.res.headers.has("Cache-Control")) {
      c.res.headers.set("Cache-Control", "private, no-store");
      c.set("privateForViewer", true);
    }
    for (const cookie of headers.getSetCookie()) c.res.headers.append("Set-Cookie", cookie);
    if (flash) c.res.headers.append("Set-Cookie", clearFlashCookie(services));
  };
}

/**
 * The request's session, looked up once: the page cache asks first (a signed-in customer's
 * public page comes from the cache too), and this middleware reuses the answer.
 */
export async function requestSession(services: AppServices, c: Context<AppEnv>): Promise<ResolvedViewer> {
  const known = c.get("session");
  if (known) return known;
  const session = await resolveViewer(services, { headers: c.req.raw.headers, clientAddress: c.get("clientAddress") });
  c.set("session", session);
  return session;
}

/**
 * Whether this request's answer reaches the root layout, which shows the flashed toast: a page, or
 * a data request that runs the root loader. Anything else would clear the cookie with an answer
 * the root never reads, and the toast would be lost whenever it got there first:
 * - route discovery (/__manifest) and other fetches;
 * - a data request for other routes only (`_routes` without `root`): a fetcher's load,
 *   revalidated after the same post as the root;
 * - a data request for an island page: the browser's router never draws one (its `clientLoader`
 *   loads the page as a document at once), so the root's data, fetched beside that document after
 *   a post redirected there (Sign Out → home), is thrown away, and the document shows the toast.
 */
async function showsToasts(url: URL, accept: string | undefined, isIslandPage: IsIslandPage): Promise<boolean> {
  const { path, isData } = routePath(url.pathname);
  if (isData) {
    const routes = url.searchParams.get("_routes");
    return (routes === null || routes.split(",").includes("root")) && !(await isIslandPage(path));
  }
  return (accept ?? "").includes("text/html");
}
