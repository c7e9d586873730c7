import { sql, type Expression, type ExpressionBuilder, type RawBuilder } from "kysely";
import type { DatabaseEngine } from "#server/db/database.ts";
import { countRows } from "#server/db/paging.ts";
import type { Database, OrderStatus, SqlBool, Timestamp } from "#server/db/schema.ts";
import { waitingToShipSql } from "#server/orders/ready-to-ship.ts";
import type { PaymentMethod, PaymentStatus } from "#common/orders/payment-status.ts";
import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "#common/settings/settings-schema.ts";
import type { AppServices } from "#server/services.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The chart's span; the 7-day and today figures are read from the same days. */
export const SALES_CHART_DAYS = 30;
const TOP_TITLES = 5;
/** Longer lists link to the full one; the dashboard shows the most urgent rows. */
const LIST_LIMIT = 10;

export interface SalesFigure {
  orders: number;
  /** Net of refunds and of discounts (decision 39), excluding sales tax (decision 29), in the store's currency. */
  revenueCents: number;
  /** What discount codes took off these orders (decision 39). */
  discountCents: number;
}

export interface SalesDay extends SalesFigure {
  /** YYYY-MM-DD in the dashboard's time zone. */
  date: string;
}

export interface WaitingOrder {
  id: string;
  orderDate: Timestamp;
  customerEmail: string;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod | null;
}

export interface SalesOverview {
  currency: string;
  /** Days start at midnight here. The store has no time zone setting yet, so this is UTC. */
  timeZone: "UTC";
  today: SalesFigure;
  last7Days: SalesFigure;
  last30Days: SalesFigure;
  /** The last 30 days, oldest first, today last; days without sales are there with zeros. */
  days: SalesDay[];
  /** Sales tax collected in the last 30 days per state (or country), most first. */
  taxByJurisdiction: { label: string; taxCents: number }[];
  /** Books by copies sold in the last 30 days (bundles are not titles). */
  topTitles: { title: string; copies: number }[];
  /** Oldest first: the longest wait at the top. */
  waitingToShip: { total: number; orders: WaitingOrder[] };
  /** Fewest copies first. */
  lowStock: { threshold: number; total: number; books: { id: string; title: string; stock: number }[] };
}

/**
 * An order that counts as a sale (decision 13): not cancelled, and paid (partial refunds
 * included) or an invoice order awaiting payment. Fully refunded, voided, expired, failed and
 * in-review orders do not count. Only orders in the store's currency are added up.
 */
function countedSaleSql(eb: ExpressionBuilder<Database, "orders">, currency: string): Expression<SqlBool> {
  // The same rule as paymentAllowsShippingSql, on `payment_status || ''`: the same value, but no
  // index key. SQLite keeps no table statistics here, and given an indexed payment_status it reads
  // every paid order ever instead of the 30 days of the order-date index (600 ms at 100,000 orders).
  const paymentStatus = sql<string>`(orders.payment_status || '')`;
  return eb.and([
    eb("orders.status", "!=", "Cancelled"),
    eb("orders.currency", "=", currency),
    eb.or([
      eb(paymentStatus, "in", ["paid", "partially_refunded"]),
      eb.and([eb("orders.payment_method", "=", "invoice"), eb(paymentStatus, "=", "awaiting_payment")]),
    ]),
  ]);
}

/** The UTC calendar day of `orders.order_date`, as YYYY-MM-DD text on both engines. */
function orderDaySql(engine: DatabaseEngine): RawBuilder<string> {
  // SQLite stores ISO text ("2026-11-22T10:00:00.000Z"): its first ten characters are the UTC day.
  return engine === "sqlite"
    ? sql<string>`substr(orders.order_date, 1, 10)`
    : sql<string>`to_char(orders.order_date at time zone 'UTC', 'YYYY-MM-DD')`;
}

/**
 * The dashboard's sales figures, computed from the orders themselves: revenue and order counts
 * for today, the last 7 and 30 days (each ending today, in UTC), the daily series for the chart,
 * the top titles, orders waiting to ship and books low in stock. Every query is bounded: the
 * 30-day window reads the order-date index, sums are made by the database, lists are capped.
 */
export async function getSalesOverview(
  deps: Pick<AppServices, "db" | "database" | "clock">,
  input: { listLimit?: number } = {},
): Promise<SalesOverview> {
  const { db } = deps;
  const listLimit = input.listLimit ?? LIST_LIMIT;
  const now = deps.clock();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const windowStart = new Date(todayStart - (SALES_CHART_DAYS - 1) * DAY_MS).toISOString();
  const windowEnd = new Date(todayStart + DAY_MS).toISOString();

  const settings = await db
    .selectFrom("store_settings")
    .select(["currency", "low_stock_threshold"])
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  const currency = settings?.currency ?? DEFAULT_STORE_SETTINGS.currency;
  const threshold = settings?.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const day = orderDaySql(deps.database.engine);

  const waiting = db.selectFrom("orders").where(waitingToShipSql);
  const lowStock = db.selectFrom("books").where("stock", "is not", null).where("stock", "<=", threshold);

  const [dayRows, titleRows, waitingTotal, waitingRows, lowStockTotal, lowStockRows, taxRows] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => [
        day.as("day"),
        eb.fn.countAll().as("orders"),
        // Sales tax is the state's money, not revenue: left out, and so is a refund of the tax
        // alone (tax_refunded_cents, an exemption approved later): it gave back no revenue.
        eb.fn
          .sum(
            // total − tax − refunded + tax refunded (Kysely writes a − b − c without brackets).
            eb(
              eb(
                eb("orders.total_cents", "-", eb.ref("orders.tax_cents")),
                "-",
                eb.ref("orders.amount_refunded_cents"),
              ),
              "+",
              eb.ref("orders.tax_refunded_cents"),
            ),
          )
          .as("revenue"),
        eb.fn.sum("orders.discount_cents").as("discount"),
      ])
      .where("orders.order_date", ">=", windowStart)
      .where("orders.order_date", "<", windowEnd)
      .where((eb) => countedSaleSql(eb, currency))
      .groupBy(day)
      .execute(),
    db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select((eb) => ["order_items.title", eb.fn.sum("order_items.quantity").as("copies")])
      .where("orders.order_date", ">=", windowStart)
      .where("orders.order_date", "<", windowEnd)
      .where((eb) => countedSaleSql(eb, currency))
      // Not the bundle_id index either (nearly every line has none): the lines come by order id.
      .where(sql`order_items.bundle_id || ''`, "is", null)
      .groupBy("order_items.title")
      .orderBy("copies", "desc")
      .orderBy("order_items.title")
      .limit(TOP_TITLES)
      .execute(),
    countRows(waiting),
    waiting
      .select([
        "id",
        "order_date",
        "customer_email",
        "total_cents",
        "currency",
        "status",
        "payment_status",
        "payment_method",
      ])
      .orderBy("order_date")
      .orderBy("id")
      .limit(listLimit)
      .execute(),
    countRows(lowStock),
    lowStock
      .select(["id", "title", "stock"])
      .orderBy("stock")
      .orderBy("title")
      .orderBy("id")
      .limit(listLimit)
      .execute(),
    db
      .selectFrom("order_tax_lines")
      .innerJoin("orders", "orders.id", "order_tax_lines.order_id")
      // An order whose tax was refunded alone (an exemption approved later) collected none.
      .select((eb) => [
        "order_tax_lines.label",
        eb.fn
          .sum(
            eb
              .case()
              .when("orders.tax_refunded_cents", ">=", eb.ref("orders.tax_cents"))
              .then(0)
              .else(eb.ref("order_tax_lines.tax_cents"))
              .end(),
          )
          .as("tax"),
      ])
      .where("orders.order_date", ">=", windowStart)
      .where("orders.order_date", "<", windowEnd)
      .where((eb) => countedSaleSql(eb, currency))
      .groupBy("order_tax_lines.label")
      .orderBy("tax", "desc")
      .orderBy("order_tax_lines.label")
      .limit(60)
      .execute(),
  ]);

  // PostgreSQL's count and sum are bigints (text from the driver); Number() reads both engines.
  const byDay = new Map(
    dayRows.map((row) => [
      row.day,
      { orders: Number(row.orders), revenueCents: Number(row.revenue ?? 0), discountCents: Number(row.discount ?? 0) },
    ]),
  );
  const days: SalesDay[] = Array.from({ length: SALES_CHART_DAYS }, (_, index) => {
    const date = new Date(todayStart - (SALES_CHART_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return { date, ...(byDay.get(date) ?? { orders: 0, revenueCents: 0, discountCents: 0 }) };
  });

  return {
    currency,
    timeZone: "UTC",
    today: total(days.slice(-1)),
    last7Days: total(days.slice(-7)),
    last30Days: total(days),
    days,
    taxByJurisdiction: taxRows.map((row) => ({ label: row.label, taxCents: Number(row.tax ?? 0) })),
    topTitles: titleRows.map((row) => ({ title: row.title, copies: Number(row.copies) })),
    waitingToShip: {
      total: waitingTotal,
      orders: waitingRows.map((row) => ({
        id: row.id,
        orderDate: row.order_date,
        customerEmail: row.customer_email,
        totalCents: row.total_cents,
        currency: row.currency,
        status: row.status,
        paymentStatus: row.payment_status,
        paymentMethod: row.payment_method,
      })),
    },
    lowStock: {
      threshold,
      total: lowStockTotal,
      books: lowStockRows.map((row) => ({ id: row.id, title: row.title, stock: row.stock ?? 0 })),
    },
  };
}

function total(days: SalesDay[]): SalesFigure {
  return days.reduce(
    (sum, d) => ({
      orders: sum.orders + d.orders,
      revenueCents: sum.revenueCents + d.revenueCents,
      discountCents: sum.discountCents + d.discountCents,
    }),
    { orders: 0, revenueCents: 0, discountCents: 0 },
  );
}
