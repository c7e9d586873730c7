import { describeParcel, loadTrackingNumbers } from "./tracking-numbers.ts";
import type { Kysely } from "kysely";
import { csvFileName, keysetCsvStream, CSV_PAGE_SIZE } from "#server/csv/csv-format.ts";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { normalizeSearch } from "#server/db/search-pattern.ts";
import { centsToMoneyText } from "#common/money/money.ts";
import type { OrderExportFilter } from "#common/orders/order-export-schema.ts";
import { orderMatchesSearch } from "./order-search-filter.ts";

/** A CSV column written from one column of `orders`. */
type OrderColumn = readonly [header: string, column: keyof OrdersTable];

/** Written as stored; empty where there is none. */
const TEXT_COLUMNS = [
  ["order_id", "id"],
  ["order_date", "order_date"],
  ["customer_name", "customer_name"],
  ["customer_email", "customer_email"],
  ["organisation", "organisation"],
  ["po_number", "po_number"],
  ["status", "status"],
  ["payment_status", "payment_status"],
  ["payment_method", "payment_method"],
  ["paid_at", "paid_at"],
  ["shipping_method", "shipping_method_name"],
  ["ship_city", "ship_city"],
  ["ship_region", "ship_region"],
  ["ship_postal_code", "ship_postal_code"],
  ["ship_country", "ship_country"],
  ["tax_exempt_certificate", "tax_exempt_certificate_number"],
  ["discount_code", "discount_code"],
] as const satisfies readonly OrderColumn[];

/** Integer cents, written as decimals. */
const AMOUNT_COLUMNS = [
  ["subtotal", "subtotal_cents"],
  ["discount", "discount_cents"],
  ["shipping", "shipping_cents"],
  ["tax", "tax_cents"],
  ["total", "total_cents"],
  ["paid", "amount_paid_cents"],
  ["refunded", "amount_refunded_cents"],
] as const satisfies readonly OrderColumn[];

/**
 * The orders export's columns, one line per order, for the books: amounts are decimals in the
 * order's own currency (`currency`), dates ISO 8601 in UTC. `items` sums the lines up as
 * "2 × Title; 1 × Other"; `tax` is the sales tax charged (total = subtotal + shipping + tax) and
 * `tax_exempt_certificate` the certificate that exempted the order; `paid` and `refunded` are what was received and given back.
 * `tracking_numbers` names each parcel as "USPS 9400…; UPS 1Z…".
 * `discount` is what the order's `discount_code` took off (total = subtotal − discount + shipping + tax),
 * and `revenue_after_discount` the order's revenue after it: total − tax (decision 39).
 */
export const ORDERS_CSV_HEADER: readonly string[] = [
  ...TEXT_COLUMNS.map(([header]) => header),
  "items",
  "item_count",
  ...AMOUNT_COLUMNS.map(([header]) => header),
  "revenue_after_discount",
  "currency",
  "tracking_numbers",
];

const ORDER_COLUMNS = [
  ...TEXT_COLUMNS.map(([, column]) => column),
  ...AMOUNT_COLUMNS.map(([, column]) => column),
  "currency" as const,
];

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
      const ids = orders.map((order) => order.id);
      const [lines, parcels] = await Promise.all([
        db
          .selectFrom("order_items")
          .select(["order_id", "title", "quantity"])
          .where("order_id", "in", ids)
          .orderBy("order_id")
          .orderBy("position")
          .execute(),
        loadTrackingNumbers(db, ids),
      ]);
      const linesByOrder = new Map<string, { title: string; quantity: number }[]>();
      for (const line of lines) {
        const list = linesByOrder.get(line.order_id) ?? [];
        list.push(line);
        linesByOrder.set(line.order_id, list);
      }
      return orders.map((order) => ({
        ...order,
        lines: linesByOrder.get(order.id) ?? [],
        parcels: parcels.get(order.id) ?? [],
      }));
    },
    cursorOf: (order) => ({ orderDate: order.order_date, id: order.id }),
    toFields: (order) => [
      ...TEXT_COLUMNS.map(([, column]) => order[column] ?? ""),
      order.lines.map((line) => `${line.quantity} × ${line.title}`).join("; "),
      String(order.lines.reduce((sum, line) => sum + line.quantity, 0)),
      ...AMOUNT_COLUMNS.map(([, column]) => centsToMoneyText(order[column])),
      centsToMoneyText(order.total_cents - order.tax_cents),
      order.currency,
      order.parcels.map(describeParcel).join("; "),
    ],
  });
}

/** `orders-2025-07-03.csv`. */
export function ordersCsvFileName(now: Date): string {
  return csvFileName("orders", now);
}
