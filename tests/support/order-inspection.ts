import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** What a payment test reads back about its orders and its one book (card-payment-fixture.ts, paypal-payment-fixture.ts). */
export interface OrderInspection {
  order(orderId: string): Promise<Record<string, unknown> & { payment_status: string; stock_taken: unknown }>;
  bookStock(): Promise<number | null>;
  history(orderId: string): Promise<{ status: string; customer_visible: unknown; note: string | null }[]>;
  /** The kinds of the order's queued mails, sorted. */
  outbox(orderId: string): Promise<string[]>;
  /** The ids of the payment_events rows of the order, sorted. */
  events(orderId: string): Promise<string[]>;
}

export function inspectOrders(db: Kysely<Database>, bookId: string): OrderInspection {
  return {
    order: (orderId) => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow(),
    async bookStock() {
      return (await db.selectFrom("books").select("stock").where("id", "=", bookId).executeTakeFirstOrThrow()).stock;
    },
    history: (orderId) =>
      db
        .selectFrom("order_status_history")
        .select(["status", "customer_visible", "note"])
        .where("order_id", "=", orderId)
        .orderBy("occurred_at")
        .execute(),
    async outbox(orderId) {
      const rows = await db.selectFrom("mail_outbox").select("kind").where("order_id", "=", orderId).execute();
      return rows.map((row) => row.kind).sort();
    },
    async events(orderId) {
      const rows = await db.selectFrom("payment_events").select("id").where("order_id", "=", orderId).execute();
      return rows.map((row) => row.id).sort();
    },
  };
}
