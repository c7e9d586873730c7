import type { Kysely, Selectable } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Logger } from "#server/logging/logger.ts";
import { CARD_HOLD_MINUTES } from "#server/orders/payment-process.ts";
import type { Clock } from "#server/services.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { PayPalError, type NewPayPalOrder, type PayPalClient } from "./paypal-client.ts";
import { loadPayPalCheckoutConfig, payPalClientFor } from "./paypal-config.ts";
import { isPayPalCurrency } from "./paypal-money.ts";

export interface StartPayPalPaymentDeps {
  db: Kysely<Database>;
  env: Pick<Env, "APP_SECRET" | "PUBLIC_URL" | "PAYPAL_API_URL">;
  clock: Clock;
  /** Where a PayPal failure is written down (the buyer only reads "not available right now"). */
  logger?: Logger;
}

export const PAYPAL_UNAVAILABLE = "PayPal payments are not available right now. Please try again later.";

/** Where PayPal sends the buyer back: the order's confirmation, marked so the page knows why. */
export function payPalReturnUrls(publicUrl: string, orderId: string) {
  const confirmation = `${publicUrl}/order-confirmation/${encodeURIComponent(orderId)}`;
  return { returnUrl: `${confirmation}?paypal=return`, cancelUrl: `${confirmation}?paypal=cancel` };
}

/**
 * PayPal's approval page for an order placed with PayPal (stock already held, awaiting payment):
 * creates its one PayPal order through Orders v2 from the order's own lines and shipping, in
 * integer cents that add up to the order's total exactly, intent CAPTURE, the shop's order id as
 * custom_id and invoice_id, the buyer's address as given at checkout (SET_PROVIDED_ADDRESS), and
 * returns its approval URL. Idempotent: the PayPal-Request-Id is the order's, so a retry or a
 * double-click gets the same PayPal order; an order that has one gets its approval page again. A
 * new PayPal order is made only when PayPal does not know the order's (the credentials were
 * changed since). Throws CONFLICT when the order no longer awaits payment or its PayPal order
 * was approved already (the capture is under way), UNAVAILABLE when PayPal cannot be used.
 */
export async function startPayPalPayment(
  deps: StartPayPalPaymentDeps,
  input: { orderId: string },
): Promise<{ url: string }> {
  const order = await deps.db.selectFrom("orders").selectAll().where("id", "=", input.orderId).executeTakeFirst();
  if (!order || order.payment_method !== "paypal") throw new AppError("NOT_FOUND", "This order could not be found.");
  if (order.payment_status !== "awaiting_payment" || order.status === "Cancelled") {
    throw new AppError("CONFLICT", "This order is no longer waiting for a PayPal payment.", { reason: "not-awaiting" });
  }
  if (!isPayPalCurrency(order.currency)) {
    deps.logger?.error({ orderId: order.id, currency: order.currency }, "no PayPal payment in this currency");
    throw new AppError("UNAVAILABLE", PAYPAL_UNAVAILABLE, { reason: "currency-not-taken" });
  }
  const config = await loadPayPalCheckoutConfig(deps);
  if (!config) throw new AppError("UNAVAILABLE", PAYPAL_UNAVAILABLE);
  const client = payPalClientFor(config.credentials, deps.env);
  try {
    return await openApproval(deps, client, order);
  } catch (error) {
    if (error instanceof AppError || !(error instanceof PayPalError)) throw error;
    // PayPal down, credentials refused, a request refused: the buyer can try again; the owner reads the log.
    deps.logger?.error({ err: error, orderId: order.id }, "PayPal refused to create an order");
    throw new AppError("UNAVAILABLE", PAYPAL_UNAVAILABLE, { reason: "paypal-error" });
  }
}

async function openApproval(
  deps: StartPayPalPaymentDeps,
  client: PayPalClient,
  order: Selectable<OrdersTable>,
): Promise<{ url: string }> {
  if (order.paypal_order_id) {
    const existing = await existingOrder(client, order.paypal_order_id);
    if (existing) {
      if (existing.approveUrl && (existing.status === "CREATED" || existing.status === "PAYER_ACTION_REQUIRED")) {
        return { url: existing.approveUrl };
      }
      throw new AppError(
        "CONFLICT",
        existing.status === "VOIDED"
          ? "PayPal cancelled this order's payment. Please place the order again."
          : "This order's payment is being confirmed. Please check your order in a moment.",
        { reason: existing.status === "VOIDED" ? "paypal-order-voided" : "payment-being-confirmed" },
      );
    }
  }

  const [items, settings] = await Promise.all([
    deps.db
      .selectFrom("order_items")
      .select(["title", "unit_price_cents", "quantity"])
      .where("order_id", "=", order.id)
      .orderBy("position")
      .execute(),
    deps.db.selectFrom("store_settings").select("store_name").where("id", "=", STORE_SETTINGS_ID).executeTakeFirst(),
  ]);
  const itemTotal = items.reduce((sum, item) => sum + item.unit_price_cents * item.quantity, 0);
  // PayPal refuses a breakdown that does not add up; the shop must never send one it would misread.
  if (
    items.length === 0 ||
    order.discount_cents > itemTotal ||
    itemTotal - order.discount_cents + order.shipping_cents + order.tax_cents !== order.total_cents
  ) {
    deps.logger?.error(
      { orderId: order.id },
      "an order's lines, discount, shipping and tax do not add up to its total",
    );
    throw new AppError("UNAVAILABLE", PAYPAL_UNAVAILABLE, { reason: "total-mismatch" });
  }
  const request: NewPayPalOrder = {
    currency: order.currency,
    items: items.map((item) => ({
      name: item.title,
      quantity: item.quantity,
      unitAmount: item.unit_price_cents,
      category: "PHYSICAL_GOODS",
    })),
    shipping: order.shipping_cents,
    // amount.breakdown.tax_total: the breakdown adds up to the order's total, tax included.
    tax: order.tax_cents,
    // amount.breakdown.discount: the discount code's line (decision 39), off the items.
    discount: order.discount_cents,
    customId: order.id,
    invoiceId: order.id,
    ...payPalReturnUrls(deps.env.PUBLIC_URL, order.id),
    ...(settings?.store_name ? { brandName: settings.store_name } : {}),
    userAction: "PAY_NOW",
    ...(order.ship_street && order.ship_city && order.ship_country
      ? {
          shippingPreference: "SET_PROVIDED_ADDRESS" as const,
          shipTo: {
            fullName: order.customer_name ?? order.customer_email,
            addressLine1: order.ship_street,
            city: order.ship_city,
            region: order.ship_region,
            postalCode: order.ship_postal_code,
            countryCode: order.ship_country,
          },
        }
      : { shippingPreference: "NO_SHIPPING" as const }),
  };
  // One PayPal order per shop order and attempt: a retried call gets the same order back.
  const requestId = `paypal-order:${order.id}:${order.paypal_order_id ?? "first"}`;
  const created = await client.createOrder(request, { requestId });
  if (!created.approveUrl) throw new Error("PayPal created an order without an approval link");
  const now = deps.clock();
  await deps.db
    .updateTable("orders")
    .set({
      paypal_order_id: created.id,
      payment_expires_at: new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000).toISOString(),
    })
    .where("id", "=", order.id)
    .where("payment_status", "=", "awaiting_payment")
    .execute();
  return { url: created.approveUrl };
}

/** The PayPal order as PayPal has it, or null when its account does not know it (404). */
async function existingOrder(client: PayPalClient, paypalOrderId: string) {
  try {
    return await client.getOrder(paypalOrderId);
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) return null;
    throw error;
  }
}
