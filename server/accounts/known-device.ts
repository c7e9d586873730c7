import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { isHttpsSite, type Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import type { Clock } from "#server/services.ts";

/**
 * A browser that has signed in to an account before (or set its password from an e-mailed
 * reset link), as OWASP's "device cookies" describe. Wrong passwords from anywhere make an
 * account wait longer and longer (`accountGuesses` in auth-limits.ts), so an attacker who keeps
 * guessing could keep its owner waiting for ever; a browser holding this cookie for the account
 * is judged by its own failures instead (`deviceGuesses`) and skips the account's budget.
 * An httpOnly cookie signed with APP_SECRET: it names a random device id and when it expires,
 * and its signature binds them to the account's user and its current password (`deviceBinding`;
 * the cookie holds neither). A new password (a reset, Change Password) therefore ends every
 * earlier cookie: whoever signed in with the account before the owner took it back through a
 * reset link keeps none. One account per browser: the last one signed in to.
 */
export const KNOWN_DEVICE_COOKIE = "shop_device";

/** A year: the next visit after a long pause still counts as this browser. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const EXPIRES = /^\d{1,12}$/;

/**
 * What a cookie is bound to: the user's id and stored password hash, read by the account's
 * address; null for an address without a password account (no cookie is ever valid for it).
 */
async function deviceBinding(db: Kysely<Database>, account: string): Promise<string | null> {
  const row = await db
    .selectFrom("user")
    .innerJoin("account", "account.userId", "user.id")
    .select(["user.id as userId", "account.password"])
    .where("user.email", "=", account.toLowerCase())
    .where("account.providerId", "=", "credential")
    .executeTakeFirst();
  return row?.password ? `${row.userId}\n${row.password}` : null;
}

function signature(appSecret: string, binding: string, deviceId: string, expires: string): Buffer {
  return createHmac("sha256", appSecret).update(`known-device\n${binding}\n${deviceId}\n${expires}`).digest();
}

/** Whether a request carries a known-device cookie at all (before a look-up of its binding). */
function hasKnownDeviceCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader?.includes(`${KNOWN_DEVICE_COOKIE}=`) ?? false;
}

/** The device id of a valid, unexpired cookie in `cookieHeader` for `binding`, else null. */
function readKnownDevice(
  cookieHeader: string | null | undefined,
  options: { appSecret: string; binding: string | null; now: Date },
): string | null {
  if (options.binding === null) return null;
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
    ?.slice(KNOWN_DEVICE_COOKIE.length + 1);
  if (!raw || raw.length > 200) return null;
  const [deviceId = "", expires = "", mac = ""] = raw.split(".");
  if (!DEVICE_ID.test(deviceId) || !EXPIRES.test(expires)) return null;
  if (Number(expires) * 1000 <= options.now.getTime()) return null;
  const expected = signature(options.appSecret, options.binding, deviceId, expires);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return deviceId;
}

/** The Set-Cookie value that marks this browser as known to the account `binding` names (a new device id each time). */
function knownDeviceCookie(options: { appSecret: string; binding: string; now: Date; secure: boolean }): string {
  const deviceId = randomBytes(16).toString("base64url");
  const expires = String(Math.floor(options.now.getTime() / 1000) + MAX_AGE_SECONDS);
  const mac = signature(options.appSecret, options.binding, deviceId, expires).toString("base64url");
  return `${KNOWN_DEVICE_COOKIE}=${deviceId}.${expires}.${mac}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${
    options.secure ? "; Secure" : ""
  }`;
}

export interface KnownDeviceDeps {
  db: Kysely<Database>;
  clock: Clock;
  env: Pick<Env, "APP_SECRET" | "PUBLIC_URL">;
}

/** The device id this request's browser holds for `account`, else null (a look-up only when it has a cookie). */
export async function knownDeviceOf(
  deps: KnownDeviceDeps,
  input: { cookieHeader: string | null | undefined; account: string },
): Promise<string | null> {
  if (!hasKnownDeviceCookie(input.cookieHeader)) return null;
  const binding = await deviceBinding(deps.db, input.account);
  return readKnownDevice(input.cookieHeader, { appSecret: deps.env.APP_SECRET, binding, now: deps.clock() });
}

/** A new cookie for `account` as its password is now, or null when it has none. */
export async function newKnownDeviceCookie(deps: KnownDeviceDeps, account: string): Promise<string | null> {
  const binding = await deviceBinding(deps.db, account);
  if (binding === null) return null;
  return knownDeviceCookie({
    appSecret: deps.env.APP_SECRET,
    binding,
    now: deps.clock(),
    secure: isHttpsSite(deps.env),
  });
}
