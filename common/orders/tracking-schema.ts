import { z } from "zod";
import { ORDER_ID_REQUIRED_MESSAGE } from "./order-id-required.ts";

// The Track Order form's one field, shared by the browser and the server. Client-safe: zod only.

/** Longest id worth a database lookup; real ids (ORD-2025-001) are far shorter. */
export const ORDER_ID_MAX_LENGTH = 64;

/** What the form accepts before a lookup: any non-blank text, trimmed. */
export const orderIdInputSchema = z
  .string({ error: ORDER_ID_REQUIRED_MESSAGE })
  .trim()
  .min(1, ORDER_ID_REQUIRED_MESSAGE);

/** The Track Order form: its one field, as the form kit checks it before the lookup. */
export const trackOrderFormSchema = z.object({ orderId: orderIdInputSchema });

/**
 * What an order id can look like. Input outside this shape cannot name an order, so the lookup
 * answers "not found" for it without asking the database (and without a validation error that
 * would tell a prober anything about the id format).
 */
export const orderIdSchema = orderIdInputSchema.max(ORDER_ID_MAX_LENGTH).regex(/^[A-Za-z0-9_-]+$/);
