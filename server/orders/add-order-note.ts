import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Viewer } from "#server/accounts/viewer.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Clock } from "#server/services.ts";

export interface AddedOrderNote {
  orderId: string;
  noteId: string;
}

/**
 * Staff write a note on an order (Order Details): who wrote it, when, and the text. Notes are
 * read only by getOrderDetails, for staff; no customer page, mail, document or export reads
 * their table. The author's address is kept as it was, so the note outlives their account. The
 * input is checked by the caller (orderNoteSchema in the orders action).
 */
export async function addOrderNote(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { orderId: string; note: string; author: Pick<Viewer, "userId" | "email"> },
): Promise<AddedOrderNote> {
  const order = await deps.db.selectFrom("orders").select("id").where("id", "=", input.orderId).executeTakeFirst();
  if (!order) throw new AppError("NOT_FOUND", "This order could not be found.");
  const noteId = randomUUID();
  await deps.db
    .insertInto("order_notes")
    .values({
      id: noteId,
      order_id: order.id,
      author_user_id: input.author.userId,
      author_email: input.author.email,
      body: input.note,
      created_at: deps.clock().toISOString(),
    })
    .execute();
  return { orderId: order.id, noteId };
}
