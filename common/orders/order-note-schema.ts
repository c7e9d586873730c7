import { z } from "zod";
import { orderIdFieldSchema } from "./order-action-schema.ts";

/** Longest staff note: a few paragraphs, never a document. */
export const ORDER_NOTE_MAX_LENGTH = 2000;

/**
 * A staff note on an order (Order Details), shared by the dialog's form and the admin orders
 * action. Client-safe: zod only. Notes are for staff: no customer page, mail or file shows them.
 */
export const orderNoteSchema = z.object({
  orderId: orderIdFieldSchema,
  note: z
    .string({ error: "Please write the note." })
    .trim()
    .min(1, "Please write the note.")
    .max(ORDER_NOTE_MAX_LENGTH, `A note has at most ${ORDER_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.`),
});

export const ORDER_NOTE_INTENT = "note-add";
