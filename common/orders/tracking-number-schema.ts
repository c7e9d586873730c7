import { z } from "zod";
import { orderIdFieldSchema } from "./order-action-schema.ts";
import { carrierSchema, trackingNumberSchema } from "./parcel-schema.ts";

/**
 * The tracking-number forms of Order Details (add one, correct or remove one, send the shipped
 * e-mail again), shared by the dialog and the admin orders action. Client-safe: zod only.
 */

const trackingIdSchema = z
  .string({ error: "Please choose a tracking number." })
  .trim()
  .min(1, "Please choose a tracking number.")
  .max(100, "Please choose a tracking number.");

export const addTrackingNumberSchema = z.object({
  orderId: orderIdFieldSchema,
  carrier: carrierSchema,
  trackingNumber: trackingNumberSchema,
});

export const editTrackingNumberSchema = addTrackingNumberSchema.extend({ trackingId: trackingIdSchema });

export const removeTrackingNumberSchema = z.object({ orderId: orderIdFieldSchema, trackingId: trackingIdSchema });

export const resendShippedMailSchema = z.object({
  orderId: orderIdFieldSchema,
  /**
   * Made by the dialog when staff confirm, sent with the post: the same post repeated (a retry
   * after a lost answer) queues no second mail.
   */
  requestId: z
    .string({ error: "This form is out of date: please close the order and open it again." })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "This form is out of date: please close the order and open it again."),
});

/** The Order Management action's intents for an order's tracking numbers. */
export const TRACKING_INTENTS = {
  add: "tracking-add",
  edit: "tracking-edit",
  remove: "tracking-remove",
  resendShippedMail: "resend-shipped-mail",
} as const;
