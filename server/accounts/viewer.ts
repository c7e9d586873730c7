import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Clock } from "#server/services.ts";
import type { GetAuth } from "./lazy-auth.ts";
import { liveSession } from "./live-session.ts";
import { isAdminRole } from "./admin-role.ts";
import { setCookieHeaders } from "./auth-errors.ts";
import { authRequestHeaders } from "./auth-request-headers.ts";

/** The signed-in person, as every loader and action sees them. */
export interface Viewer {
  userId: string;
  email: string;
  isAdmin: boolean;
  /** The address is proven (link e-mailed to it, or an operator-made admin account). */
  emailVerified: boolean;
}

export interface ResolvedViewer {
  viewer: Viewer | null;
  expired: boolean;
  headers: Headers;
}

export const SESSION_COOKIE_PREFIX = "shop.session_token";

/**
 * Reads the session from the request's cookie. `expired` is true when a session cookie was sent
 * but no longer matches a live session (expired, revoked, or signed out elsewhere). `headers`
 * carries a refreshed cookie when better-auth slid the session forward, or one that clears a
 * dead cookie.
 */
export async function resolveViewer(
  deps: { getAuth: GetAuth; db: Kysely<Database>; clock: Clock },
  { headers: requestHeaders, clientAddress }: { headers: Headers; clientAddress: string },
): Promise<ResolvedViewer> {
  const cookie = requestHeaders.get("cookie") ?? "";
  if (!cookie.includes(SESSION_COOKIE_PREFIX)) return { viewer: null, expired: false, headers: new Headers() };
  const auth = await deps.getAuth();
  const live = await liveSession(deps, auth, cookie);
  if (live) return { viewer: live, expired: false, headers: new Headers() };
  const { response, headers } = await auth.api.getSession({
    headers: authRequestHeaders(requestHeaders, clientAddress),
    returnHeaders: true,
  });
  if (!response) return { viewer: null, expired: true, headers: setCookieHeaders(headers) };
  const user = response.user as { id: string; email: string; role?: string | null; emailVerified?: unknown };
  return {
    viewer: {
      userId: user.id,
      email: user.email,
      isAdmin: isAdminRole(user.role),
      emailVerified: Boolean(user.emailVerified),
    },
    expired: false,
    headers: setCookieHeaders(headers),
  };
}
