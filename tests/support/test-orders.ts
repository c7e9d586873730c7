import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { newOrderId } from "#server/orders/order-id.ts";
import { takeStock } from "#server/orders/stock.ts";
import { ensureSpecSetParts } from "./test-bundles.ts";
import { createLogger } from "#server/logging/logger.ts";
import { createPaymentProviders } from "#server/payments/payment-providers.ts";

export interface TestOrderLine {
  bundleId?: string;
  bookId?: string;
  title: string;
  unitPriceCents: number;
  quantity: number;
}

/**
 * Writes an order as checkout would (the checkout helper's placeOrder lives on another branch):
 * the lines, the first history step and, by default, its stock taken from the catalogue. Other
 * columns default to an invoice order awaiting payment, overridable with `order`.
 */
export async function insertTestOrder(
  db: Kysely<Database>,
  options: {
    lines?: TestOrderLine[];
    order?: Partial<Insertable<OrdersTable>>;
    takeStock?: boolean;
  } = {},
): Promise<string> {
  const id = options.order?.id ?? newOrderId();
  const lines = options.lines ?? [
    { bundleId: "pkg-disciple", title: "The Disciple's Set", unitPriceCents: 3499, quantity: 2 },
  ];
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const shipping = options.order?.shipping_cents ?? 599;
  const at = options.order?.order_date ?? "2026-11-20T10:00:00.000Z";
  const paid = options.order?.payment_status === "paid";
  if (options.takeStock ?? true) {
    for (const line of lines) if (line.bundleId) await ensureSpecSetParts(db, line.bundleId);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("orders")
      .values({
        order_date: at,
        customer_email: "buyer@example.com",
        customer_name: "Grace Hopper",
        phone: "+1 555 0100",
        organisation: "St. Mark's School",
        po_number: "PO-7731",
        ship_street: "12 Elm Street",
        ship_city: "Springfield",
        ship_region: "IL",
        ship_postal_code: "62704",
        ship_country: "US",
        shipping_method_id: null,
        shipping_method_name: "Standard Shipping",
        shipping_cents: shipping,
        subtotal_cents: subtotal,
        total_cents: subtotal + shipping,
        currency: "USD",
        status: "Pending",
        estimated_delivery: null,
        updated_at: at,
        user_id: null,
        checkout_token: randomUUID(),
        payment_method: "invoice",
        payment_status: "awaiting_payment",
        amount_paid_cents: paid ? subtotal + shipping : 0,
        stock_taken: options.takeStock ?? true,
        ...options.order,
        id,
      })
      .execute();
    await trx
      .insertInto("order_items")
      .values(
        lines.map((line, position) => ({
          id: randomUUID(),
          order_id: id,
          book_id: line.bookId ?? null,
          bundle_id: line.bundleId ?? null,
          title: line.title,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
          position,
        })),
      )
      .execute();
    await trx
      .insertInto("order_status_history")
      .values({ id: randomUUID(), order_id: id, status: "Order Placed", location: null, occurred_at: at })
      .execute();
    if (options.takeStock ?? true) {
      const short = await takeStock(
        trx,
        lines.map((line) =>
          line.bundleId
            ? { kind: "bundle" as const, id: line.bundleId, quantity: line.quantity }
            : { kind: "book" as const, id: line.bookId!, quantity: line.quantity },
        ),
        { orderId: id },
      );
      if (short.length > 0) throw new Error("insertTestOrder: not enough stock");
    }
  });
  return id;
}

/** The order's row as stored, every column; throws when there is none. */
export function readOrder(db: Kysely<Database>, orderId: string) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

/** Makes the order the account's of `email`, as one placed while signed in is. */
export async function giveOrderToAccount(db: Kysely<Database>, orderId: string, email: string): Promise<void> {
  const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await db.updateTable("orders").set({ user_id: user.id }).where("id", "=", orderId).execute();
}

/** Adds a step to an order's history, as staff or the carrier would (at the store's location). */
export async function insertStatusStep(
  db: Kysely<Database>,
  orderId: string,
  status: string,
  occurredAt: Date,
): Promise<void> {
  await db
    .insertInto("order_status_history")
    .values({ id: randomUUID(), order_id: orderId, status, location: "Store", occurred_at: occurredAt.toISOString() })
    .execute();
}

/** A paid card order, as the Stripe webhook leaves it. */
export function paidCardOrder(paymentIntent = "pi_test_0001"): Partial<Insertable<OrdersTable>> {
  return {
    payment_method: "card",
    payment_status: "paid",
    payment_reference: paymentIntent,
    paid_at: "2026-11-20T10:05:00.000Z",
    organisation: null,
    po_number: null,
  };
}

/** The secret the action tests encrypt the Stripe keys with. */
export const TEST_APP_SECRET = "test-app-secret-0123456789abcdef0123456789";

/**
 * What the staff order actions need, with a fixed clock and, optionally, a Stripe stand-in's URL
 * (the providers built as startServices builds them).
 */
export function orderActionDeps(
  db: Kysely<Database>,
  now = new Date("2026-11-21T09:00:00.000Z"),
  stripeApiUrl?: string,
) {
  const env = { APP_SECRET: TEST_APP_SECRET, STRIPE_API_URL: stripeApiUrl };
  const logger = createLogger("silent");
  return { db, clock: () => now, env, logger, paymentProviders: createPaymentProviders({ db, env, logger }) };
}

/** The buyer's address a test posts with a checkout form (fields as the checkout schema names them). */
export const TEST_BUYER_ADDRESS = {
  fullName: "Ruth Reader",
  country: "US",
  street: "12 Olive Grove Lane",
  city: "Nashville",
  region: "TN",
  postalCode: "37201",
} as const;
