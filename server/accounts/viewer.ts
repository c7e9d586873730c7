import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "hono/utils/cookie";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Auth } from "./auth.ts";
import type { GetAuth } from "./lazy-auth.ts";
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
  deps: { getAuth: GetAuth; db: Kysely<Database> },
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

/**
 * The everyday case of better-auth's getSession, answered with one query: a validly signed
 * session cookie whose session is alive and not yet due for its daily slide. It reads the same
 * row better-auth reads, on every request, so a sign-out, a revoked session or a changed role
 * counts at once, as before. Anything else returns null and better-auth answers as it always did:
 * no cookie or a bad signature, an unknown or expired session (it clears the cookie), one due to
 * slide (it writes the new expiry and cookie), a leftover session-data or don't-remember cookie.
 *
 * Why: better-auth's own path (endpoint dispatch, a WebCrypto key import per request, two
 * queries through its adapter) was about 0.5 ms of every signed-in page (docs/measurements.md §28).
 */
export async function liveSession(
  deps: { db: Kysely<Database> },
  auth: Auth,
  cookieHeader: string,
): Promise<Viewer | null> {
  const context = await auth.$context;
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
  // Only a header both cookie parsers read alike: the session cookie's name once (better-call
  // takes the first of two, hono may skip one it finds malformed: the two would name different
  // sessions, and Change Password asks both), no session-data cookie (chunked ones included).
  const { name } = sessionToken;
  if (cookieHeader.indexOf(name) !== cookieHeader.lastIndexOf(name)) return null;
  if (cookieHeader.includes(sessionData.name) || cookieHeader.includes(dontRememberToken.name)) return null;
  const token = verifiedValue(parse(cookieHeader, name)[name], context.secret);
  if (!token) return null;
  const row = await deps.db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(["session.expiresAt", "user.id", "user.email", "user.role", "user.emailVerified"])
    .where("session.token", "=", token)
    .executeTakeFirst();
  if (!row) return null;
  // better-auth's own clock: the two must agree on when a session slides.
  const now = Date.now();
  const expiresAt = new Date(row.expiresAt).getTime();
  const { expiresIn, updateAge } = context.sessionConfig;
  // better-auth's own rule for sliding: the session was last extended more than updateAge ago.
  const dueToSlide = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
  if (!(expiresAt > now) || dueToSlide) return null;
  return {
    userId: row.id,
    email: row.email,
    isAdmin: isAdminRole(row.role),
    emailVerified: Boolean(row.emailVerified),
  };
}

/**
 * The value of a cookie better-call signed (`value.signature`, the signature an HMAC-SHA256 in
 * base64 with padding), or null when it is missing or not signed with `secret`.
 */
function verifiedValue(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}
