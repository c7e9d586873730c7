import { createHmac, timingSafeEqual } from "node:crypto";
import { readPlacedOrders } from "#server/checkout/placed-orders-cookie.ts";
import type { ClaimAccess } from "./claim-order.ts";

/**
 * The orders a guest has proven on the returns page (the order's number and its e-mail), so that
 * the claim form, the claims and their photos open for that browser and nobody else who learns an
 * order number. An httpOnly cookie of the last few ids, signed with APP_SECRET so a visitor cannot
 * add ids of their own. Apart from the placed-orders cookie: knowing an order's e-mail opens its
 * claims, never its confirmation (which shows the address).
 */
export const CLAIM_PROOF_COOKIE = "shop_claim_orders";

const KEEP = 5;
/** A day: long enough to send a claim and look at its answer; the mails link back with the same proof asked again. */
const MAX_AGE_SECONDS = 24 * 60 * 60;
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function signature(value: string, appSecret: string): Buffer {
  return createHmac("sha256", appSecret).update(`claim-orders\n${value}`).digest();
}

/** The proven order ids of a valid cookie in `cookieHeader`; an absent, altered or malformed one gives none. */
export function readProvenOrders(cookieHeader: string | null, appSecret: string): string[] {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CLAIM_PROOF_COOKIE}=`))
    ?.slice(CLAIM_PROOF_COOKIE.length + 1);
  if (!raw) return [];
  const [value = "", mac = ""] = raw.split(".");
  const expected = signature(value, appSecret);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  return value
    .split("~")
    .filter((id) => ORDER_ID.test(id))
    .slice(0, KEEP);
}

/** The Set-Cookie value that adds `orderId` (first) to the ids already proven. */
export function rememberProvenOrder(
  cookieHeader: string | null,
  orderId: string,
  options: { appSecret: string; secure: boolean },
): string {
  const ids = [orderId, ...readProvenOrders(cookieHeader, options.appSecret).filter((id) => id !== orderId)].slice(
    0,
    KEEP,
  );
  const value = ids.join("~");
  const mac = signature(value, options.appSecret).toString("base64url");
  return `${CLAIM_PROOF_COOKIE}=${value}.${mac}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${
    options.secure ? "; Secure" : ""
  }`;
}

/** Who asks, as the request's session and cookies prove it (see ClaimAccess). */
export function claimAccessOf(input: {
  viewer: ClaimAccess["viewer"];
  cookieHeader: string | null;
  appSecret: string;
}): ClaimAccess {
  return {
    viewer: input.viewer,
    placedOrderIds: readPlacedOrders(input.cookieHeader, input.appSecret),
    provenOrderIds: readProvenOrders(input.cookieHeader, input.appSecret),
  };
}
