import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The orders this browser placed, so that its confirmation pages (which show the shipping
 * address) open for it and for nobody else who learns an order id. An httpOnly cookie holding the
 * last few order ids, signed with APP_SECRET so a visitor cannot add ids of their own.
 */
export const PLACED_ORDERS_COOKIE = "shop_placed_orders";

/** How many ids the cookie keeps (newest first). */
const KEEP = 5;
/** A week: long enough to come back to the confirmation from the mail or Stripe. */
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const ORDER_ID = /^[A-Za-z0-9-]{1,40}$/;

function signature(value: string, appSecret: string): Buffer {
  return createHmac("sha256", appSecret).update(`placed-orders\n${value}`).digest();
}

/** The order ids of a valid cookie in `cookieHeader`; an absent, altered or malformed one gives none. */
export function readPlacedOrders(cookieHeader: string | null, appSecret: string): string[] {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PLACED_ORDERS_COOKIE}=`))
    ?.slice(PLACED_ORDERS_COOKIE.length + 1);
  if (!raw) return [];
  const [value = "", mac = ""] = raw.split(".");
  const expected = signature(value, appSecret);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  const ids = value.split("~").filter((id) => ORDER_ID.test(id));
  return ids.slice(0, KEEP);
}

/** The Set-Cookie value that adds `orderId` (first) to the ids already in `cookieHeader`. */
export function rememberPlacedOrder(
  cookieHeader: string | null,
  orderId: string,
  options: { appSecret: string; secure: boolean },
): string {
  const ids = [orderId, ...readPlacedOrders(cookieHeader, options.appSecret).filter((id) => id !== orderId)].slice(
    0,
    KEEP,
  );
  const value = ids.join("~");
  const mac = signature(value, options.appSecret).toString("base64url");
  return `${PLACED_ORDERS_COOKIE}=${value}.${mac}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${
    options.secure ? "; Secure" : ""
  }`;
}
