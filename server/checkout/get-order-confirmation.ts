import type { Viewer } from "#server/accounts/viewer.ts";
import { PAYMENT_STATUS_LABELS, type PaymentMethod, type PaymentStatus } from "#common/orders/payment-status.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { PAYMENT_PROCESSING_STEP } from "#server/orders/payment-process.ts";
import type { AppServices } from "#server/services.ts";
import { countryName } from "./country-names.ts";
import { maySeeConfirmation } from "#server/orders/order-access.ts";
import { customerTrackingNumbers, loadTrackingNumbers } from "#server/orders/tracking-numbers.ts";
import { orderDiscount, type OrderDiscountView } from "#server/orders/order-discount.ts";
import { hasPendingExemption, loadOrderTax, type OrderTaxView } from "#server/orders/order-tax.ts";
import type { TrackingNumberView } from "#common/orders/carriers.ts";

export interface OrderConfirmation {
  id: string;
  orderDate: string;
  email: string;
  fullName: string | null;
  organisation: string | null;
  poNumber: string | null;
  phone: string | null;
  address: {
    street: string | null;
    city: string | null;
    region: string | null;
    postalCode: string | null;
    country: string | null;
  };
  shippingMethodName: string | null;
  shippingCents: number;
  subtotalCents: number;
  /** The discount code's line (decision 39), or null. */
  discount: OrderDiscountView | null;
  /** The sales tax, per state as charged, or the certificate that exempted the order. */
  tax: OrderTaxView;
  /** A certificate for the ship-to state waits for review: the tax will be refunded on approval. */
  exemptionPending: boolean;
  /** The tax refunded alone once the buyer's certificate was approved (decision 40); 0 otherwise. */
  taxRefundedCents: number;
  totalCents: number;
  currency: string;
  paymentMethod: PaymentMethod | null;
  paymentStatus: PaymentStatus;
  /** The state in words ("Awaiting payment"). */
  paymentStatusLabel: string;
  /**
   * Awaiting payment, but the provider has the payment and is still settling it (PayPal holding
   * a capture for review, a bank debit clearing): neither paid nor failed yet.
   */
  paymentPending: boolean;
  /** The store's invoice terms, for an invoice order. */
  invoiceTerms: string | null;
  lines: { title: string; unitPriceCents: number; quantity: number; lineTotalCents: number }[];
  /** The parcels' tracking numbers once it ships, in the order they were added. */
  trackingNumbers: TrackingNumberView[];
}

/**
 * The confirmation page of an order, or null when it does not exist or the visitor may not see
 * it (both answered alike, so the page does not tell which ids exist).
 */
export async function getOrderConfirmation(
  { db }: Pick<AppServices, "db">,
  input: { orderId: string; viewer: Pick<Viewer, "userId" | "isAdmin"> | null; placedOrderIds: readonly string[] },
): Promise<OrderConfirmation | null> {
  if (input.orderId.length > 40) return null;
  const order = await db.selectFrom("orders").selectAll().where("id", "=", input.orderId).executeTakeFirst();
  if (!order || !maySeeConfirmation(order, input.viewer, input.placedOrderIds)) return null;
  const [items, settings, pending, tracking, tax, exemptionPending] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["title", "unit_price_cents", "quantity"])
      .where("order_id", "=", order.id)
      .orderBy("position")
      .execute(),
    order.payment_method === "invoice"
      ? db.selectFrom("store_settings").select("invoice_terms").where("id", "=", STORE_SETTINGS_ID).executeTakeFirst()
      : undefined,
    order.payment_status === "awaiting_payment"
      ? db
          .selectFrom("order_status_history")
          .select("id")
          .where("order_id", "=", order.id)
          .where("status", "=", PAYMENT_PROCESSING_STEP)
          .executeTakeFirst()
      : undefined,
    loadTrackingNumbers(db, [order.id]),
    loadOrderTax(db, order),
    hasPendingExemption(db, order),
  ]);
  return {
    id: order.id,
    orderDate: order.order_date,
    email: order.customer_email,
    fullName: order.customer_name,
    organisation: order.organisation,
    poNumber: order.po_number,
    phone: order.phone,
    address: {
      street: order.ship_street,
      city: order.ship_city,
      region: order.ship_region,
      postalCode: order.ship_postal_code,
      country: order.ship_country ? countryName(order.ship_country) : null,
    },
    shippingMethodName: order.shipping_method_name,
    shippingCents: order.shipping_cents,
    subtotalCents: order.subtotal_cents,
    discount: orderDiscount(order),
    tax,
    exemptionPending,
    taxRefundedCents: order.tax_refunded_cents,
    totalCents: order.total_cents,
    currency: order.currency,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    paymentStatusLabel: PAYMENT_STATUS_LABELS[order.payment_status],
    paymentPending: pending !== undefined,
    invoiceTerms: settings?.invoice_terms?.trim() || null,
    lines: items.map((item) => ({
      title: item.title,
      unitPriceCents: item.unit_price_cents,
      quantity: item.quantity,
      lineTotalCents: item.unit_price_cents * item.quantity,
    })),
    trackingNumbers: customerTrackingNumbers(tracking, order.id),
  };
}
