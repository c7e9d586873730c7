import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * An httpOnly cookie of the last few ids a browser earned (orders it placed, orders it proved),
 * newest first, signed with APP_SECRET so a visitor cannot add ids of their own. `purpose` is
 * signed with the ids: one cookie's value is never valid as another's.
 */
export function signedIdsCookie(cookie: {
  name: string;
  purpose: string;
  /** How many ids it keeps. */
  keep: number;
  maxAgeSeconds: number;
  /** What an id looks like; anything else in a cookie is dropped. */
  idPattern: RegExp;
}) {
  const signature = (value: string, appSecret: string): Buffer =>
    createHmac("sha256", appSecret).update(`${cookie.purpose}\n${value}`).digest();

  /** The ids of a valid cookie in `cookieHeader`; an absent, altered or malformed one gives none. */
  const read = (cookieHeader: string | null, appSecret: string): string[] => {
    const raw = cookieHeader
      ?.split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${cookie.name}=`))
      ?.slice(cookie.name.length + 1);
    if (!raw) return [];
    const [value = "", mac = ""] = raw.split(".");
    const expected = signature(value, appSecret);
    const given = Buffer.from(mac, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
    return value
      .split("~")
      .filter((id) => cookie.idPattern.test(id))
      .slice(0, cookie.keep);
  };

  /** The Set-Cookie value that adds `id` (first) to the ids already in `cookieHeader`. */
  const remember = (
    cookieHeader: string | null,
    id: string,
    options: { appSecret: string; secure: boolean },
  ): string => {
    const ids = [id, ...read(cookieHeader, options.appSecret).filter((known) => known !== id)].slice(0, cookie.keep);
    const value = ids.join("~");
    const mac = signature(value, options.appSecret).toString("base64url");
    return `${cookie.name}=${value}.${mac}; Path=/; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax${
      options.secure ? "; Secure" : ""
    }`;
  };

  return { read, remember };
}
