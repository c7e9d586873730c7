import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { newOrderId } from "#server/orders/order-id.ts";
import { takeStock } from "#server/orders/stock.ts";

/** A book with `stock` copies, for tests that need to watch stock move. */
/**
 * A card order as checkout places it (until the checkout helper's placeOrder is there): one book
 * line, shipping, awaiting payment, its stock taken in the same transaction. Returns its id.
 */
export async function insertCardOrder(
  db: Kysely<Database>,
  options: {
    bookId: string;
    quantity?: number;
    unitPriceCents?: number;
    shippingCents?: number;
    currency?: string;
    /** Sales tax charged (Tennessee, 7 %, as one tax line); none by default. */
    taxCents?: number;
    /** A discount code's amount off the lines (decision 39), shown as "Discount (SPRING)"; none by default. */
    discountCents?: number;
    /** "paypal": the same order, to be paid through PayPal. */
    method?: "card" | "paypal";
  },
): Promise<string> {
  const id = newOrderId();
  const quantity = options.quantity ?? 2;
  const unit = options.unitPriceCents ?? 1250;
  const shipping = options.shippingCents ?? 500;
  const tax = options.taxCents ?? 0;
  const discount = options.discountCents ?? 0;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const short = await takeStock(trx, [{ kind: "book", id: options.bookId, quantity }]);
    if (short.length > 0) throw new Error("insertCardOrder: not enough stock");
    await trx
      .insertInto("orders")
      .values({
        id,
        order_date: now,
        customer_email: "buyer@example.com",
        customer_name: "Card Buyer",
        ...(options.method === "paypal"
          ? {
              ship_street: "12 Olive Grove Lane",
              ship_city: "Nashville",
              ship_region: "TN",
              ship_postal_code: "37201",
              ship_country: "US",
              payment_expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
            }
          : {}),
        total_cents: unit * quantity - discount + shipping + tax,
        tax_cents: tax,
        ...(discount > 0 ? { discount_cents: discount, discount_code: "SPRING" } : {}),
        subtotal_cents: unit * quantity,
        shipping_cents: shipping,
        shipping_method_name: "Standard",
        currency: options.currency ?? "USD",
        status: "Pending",
        estimated_delivery: null,
        updated_at: now,
        user_id: null,
        checkout_token: randomUUID(),
        payment_method: options.method ?? "card",
        payment_status: "awaiting_payment",
        stock_taken: true,
      })
      .execute();
    await trx
      .insertInto("order_items")
      .values({
        id: randomUUID(),
        order_id: id,
        book_id: options.bookId,
        title: "Card Test Book",
        unit_price_cents: unit,
        quantity,
        position: 0,
      })
      .execute();
    if (tax > 0) {
      await trx
        .insertInto("order_tax_lines")
        .values({
          order_id: id,
          jurisdiction: "US-TN",
          label: "Tennessee",
          rate_thousandths: 7000,
          taxable_cents: unit * quantity,
          tax_cents: tax,
        })
        .execute();
    }
    await trx
      .insertInto("order_status_history")
      .values({ id: randomUUID(), order_id: id, status: "Order Placed", location: null, occurred_at: now })
      .execute();
  });
  return id;
}
