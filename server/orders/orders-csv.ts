import type { Kysely } from "kysely";
import { csvFileName, keysetCsvStream, CSV_PAGE_SIZE } from "#server/csv/csv-format.ts";
import type { Database } from "#server/db/schema.ts";
import { normalizeSearch } from "#server/db/search-pattern.ts";
import { centsToMoneyText } from "#common/money/money.ts";
import type { OrderExportFilter } from "#common/orders/order-export-schema.ts";
import { orderMatchesSearch } from "./order-search-filter.ts";

/**
 * The orders export's columns, one line per order, for the books: amounts are decimals in the
 * order's own currency (`currency`), dates ISO 8601 in UTC. `items` sums the lines up as
 * "2 × Title; 1 × Other"; `paid` and `refunded` are what was received and given back.
 */
export const ORDERS_CSV_HEADER = [
  "order_id",
  "order_date",
  "customer_name",
  "customer_email",
  "organisation",
  "po_number",
  "status",
  "payment_status",
  "payment_method",
  "paid_at",
  "shipping_method",
  "ship_city",
  "ship_region",
  "ship_postal_code",
  "ship_country",
  "items",
  "item_count",
  "subtotal",
  "shipping",
  "total",
  "paid",
  "refunded",
  "currency",
] as const;

const ORDER_COLUMNS = [
  "id",
  "order_date",
  "customer_name",
  "customer_email",
  "organisation",
  "po_number",
  "status",
  "payment_status",
  "payment_method",
  "paid_at",
  "shipping_method_name",
  "ship_city",
  "ship_region",
  "ship_postal_code",
  "ship_country",
  "subtotal_cents",
  "shipping_cents",
  "total_cents",
  "amount_paid_cents",
  "amount_refunded_cents",
  "currency",
] as const;

/** The first and the day after the last day of the range, as the ISO instants order_date is compared with. */
function dayBounds(filter: OrderExportFilter): { from: string | null; before: string | null } {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
  return {
    from: filter.from === null ? null : new Date(`${filter.from}T00:00:00.000Z`).toISOString(),
    before: filter.to === null ? null : nextDay(filter.to),
  };
}

/**
 * The orders that match the Order Management search and the date range, newest first, as CSV
 * (ORDERS_CSV_HEADER), streamed one keyset-paged query (and one query of their lines) per chunk.
 * `onClose` runs once when the stream ends, fails or is cancelled.
 */
export function ordersCsvStream(
  deps: { db: Kysely<Database> },
  input: { filter: OrderExportFilter; pageSize?: number; onClose?: () => void },
): ReadableStream<Uint8Array> {
  const { db } = deps;
  const search = normalizeSearch(input.filter.search);
  const { from, before } = dayBounds(input.filter);
  return keysetCsvStream({
    header: ORDERS_CSV_HEADER,
    pageSize: input.pageSize ?? CSV_PAGE_SIZE,
    onClose: input.onClose,
    async fetchPage(cursor: { orderDate: string; id: string } | null, limit) {
      const orders = await db
        .selectFrom("orders")
        .select(ORDER_COLUMNS)
        .$if(search !== null, (qb) => qb.where(orderMatchesSearch(search!)))
        .$if(from !== null, (qb) => qb.where("order_date", ">=", from!))
        .$if(before !== null, (qb) => qb.where("order_date", "<", before!))
        // A row-value comparison: both engines walk the (order_date, id) order from the cursor on.
        .$if(cursor !== null, (qb) =>
          qb.where((eb) => eb(eb.refTuple("order_date", "id"), "<", eb.tuple(cursor!.orderDate, cursor!.id))),
        )
        .orderBy("order_date", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      if (orders.length === 0) return [];
      const lines = await db
        .selectFrom("order_items")
        .select(["order_id", "title", "quantity"])
        .where(
          "order_id",
          "in",
          orders.map((order) => order.id),
        )
        .orderBy("order_id")
        .orderBy("position")
        .execute();
      const linesByOrder = new Map<string, { title: string; quantity: number }[]>();
      for (const line of lines) {
        const list = linesByOrder.get(line.order_id) ?? [];
        list.push(line);
        linesByOrder.set(line.order_id, list);
      }
      return orders.map((order) => ({ ...order, lines: linesByOrder.get(order.id) ?? [] }));
    },
    cursorOf: (order) => ({ orderDate: order.order_date, id: order.id }),
    toFields: (order) => {
      const money = (cents: number) => centsToMoneyText(cents);
      return [
        order.id,
        order.order_date,
        order.customer_name ?? "",
        order.customer_email,
        order.organisation ?? "",
        order.po_number ?? "",
        order.status,
        order.payment_status,
        order.payment_method ?? "",
        order.paid_at ?? "",
        order.shipping_method_name ?? "",
        order.ship_city ?? "",
        order.ship_region ?? "",
        order.ship_postal_code ?? "",
        order.ship_country ?? "",
        order.lines.map((line) => `${line.quantity} × ${line.title}`).join("; "),
        String(order.lines.reduce((sum, line) => sum + line.quantity, 0)),
        money(order.subtotal_cents),
        money(order.shipping_cents),
        money(order.total_cents),
        money(order.amount_paid_cents),
        money(order.amount_refunded_cents),
        order.currency,
      ];
    },
  });
}

/** `orders-2025-07-03.csv`. */
export function ordersCsvFileName(now: Date): string {
  return csvFileName("orders", now);
}
