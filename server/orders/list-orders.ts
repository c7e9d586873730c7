import type { OrderStatus, Timestamp } from "#server/db/schema.ts";
import { countRows, fetchPage, newestFirst, type Page, type PageRequest } from "#server/db/paging.ts";
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

export interface ListOrdersInput extends PageRequest {
  /** Matched case-insensitively against the order id and the customer's e-mail address. */
  search?: string | null;
}

/** Orders, newest first by order date, one page at a time. */
export async function listOrders(
  { db }: Pick<AppServices, "db">,
  input: ListOrdersInput = {},
): Promise<Page<OrderListItem>> {
  const search = normalizeSearch(input.search);
  const base = db.selectFrom("orders").$if(search !== null, (qb) => qb.where(orderMatchesSearch(search!)));

  return fetchPage(
    input,
    () => countRows(base),
    async (range) => {
      const rows = await newestFirst(
        base.select([
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
        "order_date",
        "id",
        range,
      ).execute();
      return rows.map((row) => ({
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
      }));
    },
  );
}
