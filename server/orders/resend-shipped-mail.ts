import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { queueOrderMail } from "#server/mail/mail-outbox.ts";
import type { Clock } from "#server/services.ts";
import { lockOrderRow } from "./lock-order-row.ts";
import { appendOrderHistory } from "./order-history.ts";

/** Enough to follow a correction or two; more in a day would be mail the customer did not ask for. */
export const SHIPPED_MAIL_RESENDS_PER_DAY = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ShippedMailResend {
  orderId: string;
  /** False when this post was already taken (the same form sent again): no second mail. */
  queued: boolean;
}

/**
 * Staff send the shipped e-mail to the customer again (after correcting a tracking number, or
 * when the customer lost it): queued like the first, rendered from the order as it is then, so it
 * carries the numbers as they are now. Only for an order that has shipped (Shipped or Delivered);
 * at most SHIPPED_MAIL_RESENDS_PER_DAY a day per order; once per `requestId` (the dialog's post).
 * A staff-only history step records it. The input is checked by the caller (resendShippedMailSchema).
 */
export async function resendShippedMail(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { orderId: string; requestId: string },
): Promise<ShippedMailResend> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    await lockOrderRow(trx, input.orderId);
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status"])
      .where("id", "=", input.orderId)
      .executeTakeFirst();
    if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
    if (order.status !== "Shipped" && order.status !== "Delivered") {
      throw new AppError(
        "CONFLICT",
        `Order ${order.id} has not shipped: the shipped e-mail goes out when it is marked Shipped.`,
      );
    }
    const dedupeKey = `${order.id}:shipped:again:${input.requestId}`;
    const resent = await trx
      .selectFrom("mail_outbox")
      .select(["dedupe_key"])
      .where("order_id", "=", order.id)
      .where("kind", "=", "shipped")
      .where("dedupe_key", "!=", `${order.id}:shipped`)
      .where("created_at", ">", new Date(now.getTime() - DAY_MS).toISOString())
      .execute();
    if (resent.some((row) => row.dedupe_key === dedupeKey)) return { orderId: order.id, queued: false };
    if (resent.length >= SHIPPED_MAIL_RESENDS_PER_DAY) {
      throw new AppError(
        "RATE_LIMITED",
        `The shipped e-mail of order ${order.id} was already sent again ${SHIPPED_MAIL_RESENDS_PER_DAY} times today. Please try again tomorrow.`,
      );
    }
    const queued = await queueOrderMail(trx, { orderId: order.id, kind: "shipped", now, dedupeKey });
    if (queued) {
      await appendOrderHistory(trx, {
        orderId: order.id,
        status: "Shipped e-mail sent again",
        at: now,
        customerVisible: false,
      });
    }
    return { orderId: order.id, queued };
  });
}
