import { loadOrderTaxLines } from "#server/orders/order-tax.ts";
import type { Kysely, Selectable } from "kysely";
import type Stripe from "stripe";
import type { Env } from "#server/config/env.ts";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { isCurrencyInHundredths } from "#common/money/money.ts";
import type { Clock } from "#server/services.ts";
import { CARD_HOLD_MINUTES } from "#server/orders/payment-process.ts";
import { retrieveCardSession } from "./close-card-session.ts";
import { loadCardPaymentConfig } from "./stripe-keys.ts";
import { createStripeClient } from "./stripe-client.ts";

/** Stripe's shortest Checkout Session lifetime. */
export const CARD_SESSION_MINUTES = 30;

export interface StartCardPaymentDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "PUBLIC_URL" | "STRIPE_API_URL">;
  clock: Clock;
  /** Where a Stripe failure is written down (the buyer only reads "not available right now"). */
  logger?: Logger;
}

const STRIPE_UNAVAILABLE = "Card payments are not available right now. Please try again later.";

/**
 * The Stripe Checkout page for an order placed with card payment (stock already held,
 * awaiting_payment): creates the Checkout Session from the order's own lines and shipping, with
 * the order id in metadata and client_reference_id, and returns its URL. Idempotent: an order
 * that already has an open session gets that one again (a reload or double-click never makes a
 * second session). Throws CONFLICT when the order no longer awaits payment.
 */
export async function startCardPayment(
  deps: StartCardPaymentDeps,
  input: { orderId: string },
): Promise<{ url: string }> {
  const order = await deps.db.selectFrom("orders").selectAll().where("id", "=", input.orderId).executeTakeFirst();
  if (!order || order.payment_method !== "card") throw new AppError("NOT_FOUND", "This order could not be found.");
  if (order.payment_status !== "awaiting_payment") {
    throw new AppError("CONFLICT", "This order is no longer waiting for a card payment.", { reason: "not-awaiting" });
  }
  // A store set to such a currency before Store Settings refused it: Stripe would read our
  // hundredths as whole units and charge a hundred times the price (money.ts).
  if (!isCurrencyInHundredths(order.currency)) {
    deps.logger?.error(
      { orderId: order.id, currency: order.currency },
      "no card payment in a currency without hundredths",
    );
    throw new AppError("UNAVAILABLE", STRIPE_UNAVAILABLE, { reason: "currency-not-in-hundredths" });
  }
  const config = await loadCardPaymentConfig(deps);
  if (!config) throw new AppError("UNAVAILABLE", STRIPE_UNAVAILABLE);
  const stripe = await createStripeClient(config.secretKey, deps.env);
  try {
    return await openSession(deps, stripe, order);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { default: StripeLibrary } = await import("stripe"); // loaded already, by createStripeClient
    if (!(error instanceof StripeLibrary.errors.StripeError)) throw error;
    // The same attempt's key, already used by a request still opening the session (a
    // double-click: Stripe answers 409, or an idempotency error since this request's expiry is
    // a few seconds later): that request's session is this one's too.
    if (error instanceof StripeLibrary.errors.StripeIdempotencyError || error.statusCode === 409) {
      const opened = await sessionOpenedMeanwhile(deps, stripe, order);
      if (opened) return opened;
    }
    // Stripe down, a revoked key, a refused request: the buyer can try again; the owner reads the log.
    deps.logger?.error({ err: error, orderId: order.id }, "Stripe refused to open a Checkout Session");
    throw new AppError("UNAVAILABLE", STRIPE_UNAVAILABLE, { reason: "stripe-error" });
  }
}

async function openSession(
  deps: StartCardPaymentDeps,
  stripe: Stripe,
  order: Selectable<OrdersTable>,
): Promise<{ url: string }> {
  if (order.stripe_session_id) {
    // Null when the account behind the key has no such session (the keys were changed since):
    // nothing was paid through it on this account, and a new session is opened.
    const existing = await retrieveCardSession(stripe, order.stripe_session_id);
    if (existing?.status === "open" && existing.url) return { url: existing.url };
    // Paid (or a delayed payment under way) and the webhook has not landed yet: a second
    // session would let the buyer pay twice.
    if (existing?.status === "complete") {
      throw new AppError("CONFLICT", "This order's payment is being confirmed. Please check your order in a moment.", {
        reason: "payment-being-confirmed",
      });
    }
  }

  const items = await deps.db
    .selectFrom("order_items")
    .select(["title", "unit_price_cents", "quantity"])
    .where("order_id", "=", order.id)
    .orderBy("position")
    .execute();
  const currency = order.currency.toLowerCase();
  const lineItems = items.map((item) => ({
    quantity: item.quantity,
    price_data: { currency, unit_amount: item.unit_price_cents, product_data: { name: item.title } },
  }));
  if (order.shipping_cents > 0) {
    lineItems.push({
      quantity: 1,
      price_data: {
        currency,
        unit_amount: order.shipping_cents,
        product_data: { name: `Shipping: ${order.shipping_method_name ?? "Shipping"}` },
      },
    });
  }
  // The tax as its own line, as charged (decision 29): the card is charged the order's total exactly.
  if (order.tax_cents > 0) {
    const taxLines = (await loadOrderTaxLines(deps.db, [order.id])).get(order.id) ?? [];
    lineItems.push({
      quantity: 1,
      price_data: {
        currency,
        unit_amount: order.tax_cents,
        product_data: {
          name:
            taxLines.length > 0
              ? `Sales tax: ${taxLines.map((line) => `${line.label} ${line.rate}`).join(", ")}`
              : "Sales tax",
        },
      },
    });
  }
  // The discount code's line (decision 39): Stripe takes no negative line item, so a coupon made
  // for this session takes it off, an amount in the order's currency, redeemable once. It never
  // exceeds the goods, so the session's total is the order's total exactly.
  const attempt = order.stripe_session_id ?? "first";
  const coupon =
    order.discount_cents > 0
      ? await stripe.coupons.create(
          {
            amount_off: order.discount_cents,
            currency,
            duration: "once",
            max_redemptions: 1,
            name: `Discount (${order.discount_code ?? "code"})`.slice(0, 40),
            metadata: { order_id: order.id },
          },
          { idempotencyKey: `checkout-coupon:${order.id}:${attempt}` },
        )
      : null;
  const now = deps.clock();
  const expiresAt = Math.floor(now.getTime() / 1000) + CARD_SESSION_MINUTES * 60 + 60;
  const returnUrl = `${deps.env.PUBLIC_URL}/order-confirmation/${encodeURIComponent(order.id)}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      // Cards (and Link, which pays by card) only, as the shop promises: a delayed method enabled in
      // Stripe's dashboard (a bank debit, a voucher) would complete "unpaid" and hold the order's
      // stock for days (decision 23).
      allowed_payment_method_types: ["card", "link"],
      line_items: lineItems,
      ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
      customer_email: order.customer_email,
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      payment_intent_data: { metadata: { order_id: order.id } },
      success_url: `${returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${returnUrl}?cancelled=1`,
      expires_at: expiresAt,
    },
    // One session per order and attempt: a retried call gets the same session back from Stripe.
    { idempotencyKey: `checkout-session:${order.id}:${attempt}` },
  );
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  await deps.db
    .updateTable("orders")
    .set({
      stripe_session_id: session.id,
      payment_expires_at: new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000).toISOString(),
    })
    .where("id", "=", order.id)
    .execute();
  return { url: session.url };
}

/** How long a request whose twin is opening the session waits for it to be stored. */
const TWIN_WAIT_MS = 10_000;
const TWIN_POLL_MS = 250;

/** The session another request opened for this attempt, once it has stored it; null if none came. */
async function sessionOpenedMeanwhile(
  deps: StartCardPaymentDeps,
  stripe: Stripe,
  order: Selectable<OrdersTable>,
): Promise<{ url: string } | null> {
  for (let waited = 0; waited < TWIN_WAIT_MS; waited += TWIN_POLL_MS) {
    const current = await deps.db
      .selectFrom("orders")
      .select("stripe_session_id")
      .where("id", "=", order.id)
      .executeTakeFirst();
    const sessionId = current?.stripe_session_id;
    if (sessionId && sessionId !== order.stripe_session_id) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.status === "open" && session.url ? { url: session.url } : null;
    }
    await new Promise((resolve) => setTimeout(resolve, TWIN_POLL_MS));
  }
  return null;
}
