import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import { fetchNewestFirst, type Page, type SearchPageRequest } from "#server/db/paging.ts";
import { normalizeSearch } from "#server/db/search-pattern.ts";
import type { AppServices } from "#server/services.ts";
import { orderMatchesSearch } from "./order-search-filter.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";

/** One row of the Order Management table. */
export interface OrderListItem {
  id: string;
  orderDate: Timestamp;
  customerEmail: string;
  totalCents: number;
  /** The sales tax included in the total. */
  taxCents: number;
  status: OrderStatus;
  currency: string;
  paymentMethod: PaymentMethod | null;
  paymentStatus: PaymentStatus;
  /** What the order's cancel confirmation names: the money a cancel would refund. */
  amountPaidCents: number;
  amountRefundedCents: number;
}

/**
 * Orders, newest first by order date, one page at a time; `search` is matched case-insensitively
 * against the order id and the customer's e-mail address.
 */
export async function listOrders(
  { db }: Pick<AppServices, "db">,
  input: SearchPageRequest = {},
): Promise<Page<OrderListItem>> {
  const search = normalizeSearch(input.search);
  const base = db.selectFrom("orders").$if(search !== null, (qb) => qb.where(orderMatchesSearch(search!)));

  return fetchNewestFirst(
    input,
    base,
    (query) =>
      query.select([
        "id",
        "order_date",
        "customer_email",
        "total_cents",
        "tax_cents",
        "status",
        "currency",
        "payment_method",
        "payment_status",
        "amount_paid_cents",
        "amount_refunded_cents",
      ]),
    { column: "order_date", id: "id" },
    (row) => ({
      id: row.id,
      orderDate: row.order_date,
      customerEmail: row.customer_email,
      totalCents: row.total_cents,
      taxCents: row.tax_cents,
      status: row.status,
      currency: row.currency,
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
      amountPaidCents: row.amount_paid_cents,
      amountRefundedCents: row.amount_refunded_cents,
    }),
  );
}
