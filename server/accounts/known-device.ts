import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A browser that has signed in to an account before (or set its password from an e-mailed
 * reset link), as OWASP's "device cookies" describe. Wrong passwords from anywhere make an
 * account wait longer and longer (`accountGuesses` in auth-limits.ts), so an attacker who keeps
 * guessing could keep its owner waiting for ever; a browser holding this cookie for the account
 * is judged by its own failures instead (`deviceGuesses`) and skips the account's budget.
 * An httpOnly cookie signed with APP_SECRET: it names a random device id and when it expires,
 * and its signature binds them to the account (whose address it does not hold). One account per
 * browser: the last one signed in to.
 */
export const KNOWN_DEVICE_COOKIE = "shop_device";

/** A year: the next visit after a long pause still counts as this browser. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const EXPIRES = /^\d{1,12}$/;

function signature(appSecret: string, account: string, deviceId: string, expires: string): Buffer {
  return createHmac("sha256", appSecret)
    .update(`known-device\n${account.toLowerCase()}\n${deviceId}\n${expires}`)
    .digest();
}

/** The device id of a valid, unexpired cookie in `cookieHeader` for `account`, else null. */
export function readKnownDevice(
  cookieHeader: string | null | undefined,
  options: { appSecret: string; account: string; now: Date },
): string | null {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
    ?.slice(KNOWN_DEVICE_COOKIE.length + 1);
  if (!raw || raw.length > 200) return null;
  const [deviceId = "", expires = "", mac = ""] = raw.split(".");
  if (!DEVICE_ID.test(deviceId) || !EXPIRES.test(expires)) return null;
  if (Number(expires) * 1000 <= options.now.getTime()) return null;
  const expected = signature(options.appSecret, options.account, deviceId, expires);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return deviceId;
}

/** The Set-Cookie value that marks this browser as known to `account` (a new device id each time). */
export function knownDeviceCookie(options: { appSecret: string; account: string; now: Date; secure: boolean }): string {
  const deviceId = randomBytes(16).toString("base64url");
  const expires = String(Math.floor(options.now.getTime() / 1000) + MAX_AGE_SECONDS);
  const mac = signature(options.appSecret, options.account, deviceId, expires).toString("base64url");
  return `${KNOWN_DEVICE_COOKIE}=${deviceId}.${expires}.${mac}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${
    options.secure ? "; Secure" : ""
  }`;
}
