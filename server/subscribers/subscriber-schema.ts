import { z } from "zod";

/**
 * The newsletter form's one field, shared by the browser and the server. Client-safe: zod only.
 */
export const subscriberEmailSchema = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(254, "Please enter a valid email address.")
  .pipe(z.email("Please enter a valid email address."));

/** The business reason of the CONFLICT answered when a confirmed address subscribes again. */
export const ALREADY_SUBSCRIBED = "already-subscribed";
