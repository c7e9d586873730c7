import { readPlacedOrders } from "#server/checkout/placed-orders-cookie.ts";
import { signedIdsCookie } from "#server/http/signed-ids-cookie.ts";
import type { ClaimAccess } from "./claim-order.ts";

/**
 * The orders a guest has proven on the returns page (the order's number and its e-mail), so that
 * the claim form, the claims and their photos open for that browser and nobody else who learns an
 * order number. An httpOnly cookie of the last few ids, signed with APP_SECRET so a visitor cannot
 * add ids of their own. Apart from the placed-orders cookie: knowing an order's e-mail opens its
 * claims, never its confirmation (which shows the address).
 */
export const CLAIM_PROOF_COOKIE = "shop_claim_orders";

const provenOrders = signedIdsCookie({
  name: CLAIM_PROOF_COOKIE,
  purpose: "claim-orders",
  keep: 5,
  // A day: long enough to send a claim and look at its answer; the mails link back with the same proof asked again.
  maxAgeSeconds: 24 * 60 * 60,
  idPattern: /^[A-Za-z0-9_-]{1,64}$/,
});

/** The proven order ids of a valid cookie in `cookieHeader`; an absent, altered or malformed one gives none. */
export const readProvenOrders = provenOrders.read;

/** The Set-Cookie value that adds an order id (first) to the ids already proven. */
export const rememberProvenOrder = provenOrders.remember;

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
