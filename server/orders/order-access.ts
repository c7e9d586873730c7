import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Viewer } from "#server/accounts/viewer.ts";
import type { Database } from "#server/db/schema.ts";

/**
 * Who may see an order's confirmation (it shows the shipping address): the browser that placed it
 * (its signed placed-orders cookie lists the id), the signed-in account that owns it, or an admin.
 */
export function maySeeConfirmation(
  order: { id: string; user_id: string | null },
  viewer: Pick<Viewer, "userId" | "isAdmin"> | null,
  placedOrderIds: readonly string[],
): boolean {
  if (placedOrderIds.includes(order.id)) return true;
  if (!viewer) return false;
  return viewer.isAdmin || (order.user_id !== null && order.user_id === viewer.userId);
}

/**
 * The orders an account's Order History lists, as a condition on `orders`: those it placed while
 * signed in and, only once its address is verified, those placed with that e-mail (any letter
 * case). Anyone can sign up with any address, so an unproven one never reveals someone else's orders.
 */
export function isAccountOrder(
  eb: ExpressionBuilder<Database, "orders">,
  viewer: Pick<Viewer, "userId" | "email" | "emailVerified">,
): Expression<SqlBool> {
  return viewer.emailVerified
    ? eb.or([
        eb("user_id", "=", viewer.userId),
        eb(eb.fn("lower", ["customer_email"]), "=", viewer.email.toLowerCase()),
      ])
    : eb("user_id", "=", viewer.userId);
}

/**
 * Whether the visitor may download an order's documents (its invoice): by the confirmation's rule
 * (`maySeeConfirmation`), or because Order History lists the order for their account. False for an
 * unknown id as for a stranger's order, so the answer does not tell which ids exist.
 */
export async function mayDownloadOrderDocuments(
  { db }: { db: Kysely<Database> },
  input: {
    orderId: string;
    viewer: Pick<Viewer, "userId" | "email" | "emailVerified" | "isAdmin"> | null;
    placedOrderIds: readonly string[];
  },
): Promise<boolean> {
  const { orderId, viewer } = input;
  if (orderId === "" || orderId.length > 40) return false;
  const order = await db.selectFrom("orders").select(["id", "user_id"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return false;
  if (maySeeConfirmation(order, viewer, input.placedOrderIds)) return true;
  if (!viewer) return false;
  const listed = await db
    .selectFrom("orders")
    .select("id")
    .where("id", "=", order.id)
    .where((eb) => isAccountOrder(eb, viewer))
    .executeTakeFirst();
  return listed !== undefined;
}
