import { sql, type Transaction } from "kysely";
import type { Database } from "#server/db/schema.ts";

/**
 * Takes one use of a discount code for `orderId`, in the order's transaction, by a conditional
 * write as stock is taken (stock.ts): `uses = uses + 1` only while under the usage limit, never
 * read-then-write, so N buyers racing for the last use get exactly one. The row write locks the
 * code's row (PostgreSQL) or the database (SQLite) until the transaction ends, so the per-customer
 * count read after it sees every committed use of that customer. Returns false when no use is
 * left; the caller then rolls everything back.
 */
export async function takeDiscountUse(
  trx: Transaction<Database>,
  input: { codeId: string; orderId: string },
): Promise<boolean> {
  const taken = await trx
    .updateTable("discount_codes")
    .set({ uses: sql<number>`uses + 1` })
    .where("id", "=", input.codeId)
    .where((eb) => eb.or([eb("usage_limit", "is", null), eb("uses", "<", eb.ref("usage_limit"))]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  await trx.updateTable("orders").set({ discount_use_held: true }).where("id", "=", input.orderId).execute();
  return true;
}

/**
 * Gives back the use `orderId` holds, exactly once (a cancelled or expired order): the flag is
 * cleared by a conditional write and only the call that cleared it lowers the count. A code
 * deleted since has nothing to give back to. Returns whether this call gave it back.
 */
export async function releaseDiscountUse(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const cleared = await trx
    .updateTable("orders")
    .set({ discount_use_held: false })
    .where("id", "=", orderId)
    .where("discount_use_held", "=", true)
    .returning("discount_code_id")
    .executeTakeFirst();
  if (!cleared) return false;
  if (cleared.discount_code_id) {
    await trx
      .updateTable("discount_codes")
      .set({ uses: sql<number>`uses - 1` })
      .where("id", "=", cleared.discount_code_id)
      .where("uses", ">", 0)
      .execute();
  }
  return true;
}

/**
 * Takes the use again for an order that released it (a card payment completing after its session
 * expired), past the usage limit if need be: the buyer paid for that discount already, so the
 * use is owed. Once only, as the flag says.
 */
export async function retakeDiscountUse(trx: Transaction<Database>, orderId: string): Promise<void> {
  const set = await trx
    .updateTable("orders")
    .set({ discount_use_held: true })
    .where("id", "=", orderId)
    .where("discount_use_held", "=", false)
    .where("discount_code_id", "is not", null)
    .where("discount_cents", ">", 0)
    .returning("discount_code_id")
    .executeTakeFirst();
  if (set?.discount_code_id) {
    await trx
      .updateTable("discount_codes")
      .set({ uses: sql<number>`uses + 1` })
      .where("id", "=", set.discount_code_id)
      .execute();
  }
}
