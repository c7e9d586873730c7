import { sql } from "kysely";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import type { FindClaimOrderInput } from "#common/returns/return-claim-schema.ts";
import { RETURN_CLAIM_MESSAGES } from "#common/returns/return-claim-terms.ts";

/**
 * A guest proves an order on the returns page with its number (as Track Order takes it: any
 * letter case) and the e-mail it was placed with (any letter case). Returns the id as stored; a
 * wrong pair, whichever half is wrong, gets one message, so the answer tells nothing about which
 * ids or addresses exist. The caller counts the try against the client's limit first.
 */
export async function findClaimOrder(
  { db }: Pick<AppServices, "db">,
  input: FindClaimOrderInput,
): Promise<{ orderId: string }> {
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["id"]), "=", input.orderId.toLowerCase()))
    .where((eb) => eb(eb.fn("lower", ["customer_email"]), "=", input.email.toLowerCase()))
    .orderBy(sql`case when id = ${input.orderId} then 0 else 1 end`)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!order) {
    throw new AppError("VALIDATION", RETURN_CLAIM_MESSAGES.notFound, {
      fieldErrors: { orderId: RETURN_CLAIM_MESSAGES.notFound },
    });
  }
  return { orderId: order.id };
}
