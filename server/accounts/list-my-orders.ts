import type { OrderStatus } from "#server/db/schema.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";
import type { AppServices } from "#server/services.ts";
import { isAccountOrder } from "#server/orders/order-access.ts";
import type { Viewer } from "./viewer.ts";

export interface MyOrder {
  id: string;
  orderDate: string;
  totalCents: number;
  status: OrderStatus;
  currency: string;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod | null;
}

/**
 * The account's orders, newest first: those it placed while signed in and, only once its
 * address is verified, those placed with that e-mail (`isAccountOrder`).
 */
export async function listMyOrders(
  { db }: Pick<AppServices, "db">,
  { viewer }: { viewer: Pick<Viewer, "userId" | "email" | "emailVerified"> },
): Promise<MyOrder[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "order_date", "total_cents", "status", "currency", "payment_status", "payment_method"])
    .where((eb) => isAccountOrder(eb, viewer))
    .orderBy("order_date", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderDate: r.order_date,
    totalCents: r.total_cents,
    status: r.status,
    currency: r.currency,
    paymentStatus: r.payment_status,
    paymentMethod: r.payment_method,
  }));
}
