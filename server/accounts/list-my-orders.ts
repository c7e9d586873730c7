import type { OrderStatus } from "#server/db/schema.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";
import type { AppServices } from "#server/services.ts";
import { orderDiscount, type OrderDiscountView } from "#server/orders/order-discount.ts";
import { isAccountOrder } from "#server/orders/order-access.ts";
import { customerTrackingNumbers, loadTrackingNumbers } from "#server/orders/tracking-numbers.ts";
import type { TrackingNumberView } from "#common/orders/carriers.ts";
import type { Viewer } from "./viewer.ts";

export interface MyOrder {
  id: string;
  orderDate: string;
  totalCents: number;
  /** The sales tax included in the total. */
  taxCents: number;
  /** The discount code's line (decision 39), or null. */
  discount: OrderDiscountView | null;
  status: OrderStatus;
  currency: string;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod | null;
  /** Its parcels' tracking numbers, in the order they were added. */
  trackingNumbers: TrackingNumberView[];
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
    .select([
      "id",
      "order_date",
      "total_cents",
      "tax_cents",
      "discount_code",
      "discount_cents",
      "status",
      "currency",
      "payment_status",
      "payment_method",
    ])
    .where((eb) => isAccountOrder(eb, viewer))
    .orderBy("order_date", "desc")
    .limit(200)
    .execute();
  const tracking = await loadTrackingNumbers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    orderDate: r.order_date,
    totalCents: r.total_cents,
    taxCents: r.tax_cents,
    discount: orderDiscount(r),
    status: r.status,
    currency: r.currency,
    paymentStatus: r.payment_status,
    paymentMethod: r.payment_method,
    trackingNumbers: customerTrackingNumbers(tracking, r.id),
  }));
}
