import type { Kysely } from "kysely";
import type { Database, OrderStatus, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";

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
}

/** One order with its items, for staff. Throws NOT_FOUND for an unknown id. */
export async function getOrderDetails(db: Kysely<Database>, orderId: string): Promise<OrderDetails> {
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
  };
}
