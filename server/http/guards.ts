import { redirect, type AppLoadContext } from "react-router";
import { redirectWithToast } from "#server/http/flash.ts";
import type { Viewer } from "#server/accounts/viewer.ts";
import { withRedirectTo } from "#common/pages/redirect-to.ts";

/**
 * Where to go back to after signing in: only a path on this site ("/account", "/track-order?x"),
 * never another origin ("//evil.example", "https://…", "/\\evil"). The URL parser resolves dot
 * segments, drops tabs and newlines and turns "\\" into "/", so "/.//evil.example" or
 * "/%2e//evil.example" come out as "//evil.example": it is the resolved path that is checked,
 * decoded too (nothing downstream should be able to turn it into another host).
 */
export function safeRedirectTarget(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  try {
    const url = new URL(value, "http://shop.invalid");
    if (url.origin !== "http://shop.invalid") return fallback;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return isLocalPath(target) && isLocalPath(safeDecode(url.pathname)) ? target : fallback;
  } catch {
    return fallback;
  }
}

/** A path a browser resolves on this origin: one leading "/", never "//" or "/\\" (a host). */
function isLocalPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f]/.test(path);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "//undecodable";
  }
}

export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return withRedirectTo("/login", `${url.pathname}${url.search}`);
}

/**
 * The signed-in viewer, or a redirect to /login that comes back here afterwards (with the
 * "Session Expired" notice when their session ended under them).
 */
export function requireViewer(context: AppLoadContext, request: Request): Viewer {
  if (context.viewer) return context.viewer;
  if (context.sessionExpired) throw redirectWithToast(context.services, loginUrl(request), "session-expired");
  throw redirect(loginUrl(request));
}

/** An admin viewer; a visitor goes to /login, a signed-in customer to /account. */
export function requireAdmin(context: AppLoadContext, request: Request): Viewer {
  const viewer = requireViewer(context, request);
  if (!viewer.isAdmin) throw redirect("/account");
  return viewer;
}
