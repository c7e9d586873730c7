import { emailAddressSchema } from "#server/mail/email-address-schema.ts";

/**
 * The newsletter form's one field, shared by the browser and the server. Client-safe: zod only.
 */
export const subscriberEmailSchema = emailAddressSchema();

/** The business reason of the CONFLICT answered when a confirmed address subscribes again. */
export const ALREADY_SUBSCRIBED = "already-subscribed";
