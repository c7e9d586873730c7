import { ADMIN_AREA_PATH } from "#common/pages/site-paths.ts";

/** A request path as React Router will match it against the route table. */
export interface RoutePath {
  /** Decoded, lower-case, without the data suffix and without trailing slashes ("/" for the home page). */
  path: string;
  /** A client-side navigation's or fetcher's data request ("<path>.data" or "<path>/_.data"). */
  isData: boolean;
}

/**
 * Normalises a URL's pathname (as `new URL(request.url).pathname` gives it: dot segments already
 * resolved, still percent-encoded) the way React Router 7 does before matching routes, so the
 * gates in front of it decide on the same path the router will serve:
 * - the data suffix, recognised exactly as the server runtime does (a case-sensitive ".data"
 *   ending; "/_.data" is the trailing-slash form, v8_trailingSlashAwareDataRequests);
 * - percent-decoding per segment, an encoded "/" staying a character of its segment (a malformed
 *   escape leaves the path undecoded, as the router does);
 * - letter case: routes match case-insensitively, and only ASCII letters occur in our routes
 *   (lower-casing other letters could turn them into ASCII ones the router would not match);
 * - trailing slashes, which every route accepts.
 */
export function routePath(pathname: string): RoutePath {
  const isData = pathname.endsWith(".data");
  let path = pathname;
  if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
  else if (isData) path = path.slice(0, -".data".length);
  path = decodeSegments(path).replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  path = path.replace(/\/+$/, "");
  return { path: path.startsWith("/") ? path : `/${path}`, isData };
}

/** Whether `path` (normalised) is `prefix` itself or lies under it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a normalised path (see `routePath`) is in the admin area, where only admins may go. */
export function isAdminPath(path: string): boolean {
  return isUnder(path, ADMIN_AREA_PATH);
}

/** Whether a same-site address ("/admin/books?page=2") leads into the admin area, as the router would match it. */
export function leadsToAdmin(target: string): boolean {
  return isAdminPath(routePath(new URL(target, "http://site.invalid").pathname).path);
}

function decodeSegments(path: string): string {
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return path;
  }
}
