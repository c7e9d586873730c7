import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-variables.ts";
import { isAdminPath, routePath } from "./route-path.ts";
import { withRedirectTo } from "#common/pages/redirect-to.ts";

/**
 * The admin area is for admins only, checked before any admin loader or action runs. A page
 * visit is redirected (visitor → /login, customer → /account); a data request or a form post
 * is refused with 401 or 403. Admin loaders and actions check again (requireAdmin). The path is
 * the one React Router matches ("/ADMIN/books.data", "/%41DMIN/" are the admin area too).
 */
export function adminGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const { path, isData } = routePath(url.pathname);
    if (!isAdminPath(path)) return next();
    const viewer = c.get("viewer");
    if (viewer?.isAdmin) return next();
    // A page visit is a GET of a page's own address: not its .data request, not a file (.csv).
    const isPageVisit = (c.req.method === "GET" || c.req.method === "HEAD") && !isData && !/\.[a-z0-9]+$/i.test(path);
    if (isPageVisit) {
      return c.redirect(viewer ? "/account" : withRedirectTo("/login", url.pathname + url.search));
    }
    return viewer
      ? c.json({ error: "Only administrators can do this." }, 403)
      : c.json({ error: "Please sign in." }, 401);
  };
}
