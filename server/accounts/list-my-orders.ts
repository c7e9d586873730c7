import type { Kysely } from "kysely";
import type { Database, OrderStatus } from "#server/db/schema.ts";

export interface MyOrder {
  id: string;
  orderDate: string;
  totalCents: number;
  status: OrderStatus;
}

/** The orders placed with the account's e-mail (any letter case), newest first. */
export async function listMyOrders(db: Kysely<Database>, email: string): Promise<MyOrder[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "order_date", "total_cents", "status"])
    .where((eb) => eb(eb.fn("lower", ["customer_email"]), "=", email.toLowerCase()))
    .orderBy("order_date", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, orderDate: r.order_date, totalCents: r.total_cents, status: r.status }));
}
