import { loadOrderTax, type OrderTaxView } from "./order-tax.ts";
import { orderDiscount, type OrderDiscountView } from "./order-discount.ts";
import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";
import { loadTrackingNumbers, type TrackingNumberEntry } from "./tracking-numbers.ts";

export interface OrderDetailsItem {
  id: string;
  /** As sold: the order keeps its own title and price, whatever happened to the book since. */
  title: string;
  quantity: number;
  unitPriceCents: number;
  /** unitPriceCents × quantity. */
  lineTotalCents: number;
}

/** What the admin "Order Details" dialog shows. */
export interface OrderDetails {
  id: string;
  orderDate: Timestamp;
  customerEmail: string;
  totalCents: number;
  status: OrderStatus;
  /** A date (YYYY-MM-DD) or null while not yet known. */
  estimatedDelivery: string | null;
  updatedAt: Timestamp;
  /** In the order they were placed in. */
  items: OrderDetailsItem[];
  /** The buyer and where the order goes; null on orders from before checkout (the samples). */
  customerName: string | null;
  phone: string | null;
  organisation: string | null;
  poNumber: string | null;
  /** Street, city line and country, in the order an address label has them; empty when none. */
  shippingAddress: string[];
  shippingMethodName: string | null;
  shippingCents: number;
  subtotalCents: number;
  /** The discount code's line (decision 39), or null. */
  discount: OrderDiscountView | null;
  /** The sales tax per state as charged, or the certificate that exempted the order. */
  tax: OrderTaxView;
  currency: string;
  paymentMethod: PaymentMethod | null;
  paymentStatus: PaymentStatus;
  /** The provider's id of the payment: Stripe's payment intent for a card order, PayPal's capture for a PayPal order. */
  paymentReference: string | null;
  /** A PayPal order's PayPal order (staff find it in their PayPal account by this id). */
  paypalOrderId: string | null;
  paidAt: Timestamp | null;
  amountPaidCents: number;
  amountRefundedCents: number;
  /** Oldest first, staff-only steps included. */
  history: OrderHistoryEntry[];
  /** The parcels' tracking numbers, in the order they were added. */
  trackingNumbers: TrackingNumberEntry[];
  /** Staff notes, oldest first. */
  notes: OrderNote[];
}

/** A staff note; staff only. */
export interface OrderNote {
  id: string;
  authorEmail: string;
  createdAt: Timestamp;
  body: string;
}

export interface OrderHistoryEntry {
  status: string;
  location: string | null;
  occurredAt: Timestamp;
  customerVisible: boolean;
  note: string | null;
}

/** One order with its items, for staff. Throws NOT_FOUND for an unknown id. */
export async function getOrderDetails(
  { db }: Pick<AppServices, "db">,
  { orderId }: { orderId: string },
): Promise<OrderDetails> {
  const order =
    typeof orderId === "string" && orderId !== ""
      ? await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst()
      : undefined;
  if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");

  const items = await db
    .selectFrom("order_items")
    .select(["id", "title", "quantity", "unit_price_cents"])
    .where("order_id", "=", order.id)
    .orderBy("position")
    .orderBy("id")
    .execute();

  const history = await db
    .selectFrom("order_status_history")
    .select(["status", "location", "occurred_at", "customer_visible", "note"])
    .where("order_id", "=", order.id)
    .orderBy("occurred_at")
    .orderBy("id")
    .execute();
  const [tracking, notes, tax] = await Promise.all([
    loadTrackingNumbers(db, [order.id]),
    db
      .selectFrom("order_notes")
      .select(["id", "author_email", "created_at", "body"])
      .where("order_id", "=", order.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    loadOrderTax(db, order),
  ]);
  const cityLine = [order.ship_city, order.ship_region, order.ship_postal_code].filter(Boolean).join(", ");

  return {
    id: order.id,
    orderDate: order.order_date,
    customerEmail: order.customer_email,
    totalCents: order.total_cents,
    status: order.status,
    estimatedDelivery: order.estimated_delivery,
    updatedAt: order.updated_at,
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      quantity: item.quantity,
      unitPriceCents: item.unit_price_cents,
      lineTotalCents: item.unit_price_cents * item.quantity,
    })),
    customerName: order.customer_name,
    phone: order.phone,
    organisation: order.organisation,
    poNumber: order.po_number,
    shippingAddress: [order.ship_street, cityLine, order.ship_country].filter((line): line is string => Boolean(line)),
    shippingMethodName: order.shipping_method_name,
    shippingCents: order.shipping_cents,
    subtotalCents: order.subtotal_cents,
    discount: orderDiscount(order),
    tax,
    currency: order.currency,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    paymentReference: order.payment_reference,
    paypalOrderId: order.paypal_order_id,
    paidAt: order.paid_at,
    amountPaidCents: order.amount_paid_cents,
    amountRefundedCents: order.amount_refunded_cents,
    history: history.map((step) => ({
      status: step.status,
      location: step.location,
      occurredAt: step.occurred_at,
      customerVisible: Boolean(step.customer_visible),
      note: step.note,
    })),
    trackingNumbers: tracking.get(order.id) ?? [],
    notes: notes.map((note) => ({
      id: note.id,
      authorEmail: note.author_email,
      createdAt: note.created_at,
      body: note.body,
    })),
  };
}
