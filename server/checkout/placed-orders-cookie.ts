import { signedIdsCookie } from "#server/http/signed-ids-cookie.ts";

/**
 * The orders this browser placed, so that its confirmation pages (which show the shipping
 * address) open for it and for nobody else who learns an order id. An httpOnly cookie holding the
 * last few order ids, signed with APP_SECRET so a visitor cannot add ids of their own.
 */
export const PLACED_ORDERS_COOKIE = "shop_placed_orders";

const placedOrders = signedIdsCookie({
  name: PLACED_ORDERS_COOKIE,
  purpose: "placed-orders",
  keep: 5,
  // A week: long enough to come back to the confirmation from the mail or Stripe.
  maxAgeSeconds: 7 * 24 * 60 * 60,
  idPattern: /^[A-Za-z0-9-]{1,40}$/,
});

/** The order ids of a valid cookie in `cookieHeader`; an absent, altered or malformed one gives none. */
export const readPlacedOrders = placedOrders.read;

/** The Set-Cookie value that adds an order id (first) to the ids already in `cookieHeader`. */
export const rememberPlacedOrder = placedOrders.remember;
