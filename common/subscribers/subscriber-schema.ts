import { z } from "zod";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";

/**
 * The newsletter form's one field, shared by the browser and the server. Client-safe: zod only.
 */
export const subscriberEmailSchema = emailAddressSchema();

/** The newsletter form as the action reads it. */
export const subscribeFormSchema = z.object({ email: subscriberEmailSchema });
export type SubscribeInput = z.output<typeof subscribeFormSchema>;

/** At most this many subscribers removed in one request: a page of the list, and a bounded body. */
export const BULK_SUBSCRIBER_LIMIT = 100;

/** The form field that carries each ticked subscriber's id (repeated). */
export const SUBSCRIBER_IDS_FIELD = "subscriberIds";

/** The subscribers ticked on the list; repeats are read once. */
export const subscriberIdsSchema = z
  .array(z.string().trim().min(1, "Please choose a subscriber.").max(100, "Please choose a subscriber."), {
    error: "Please choose at least one subscriber.",
  })
  .min(1, "Please choose at least one subscriber.")
  .max(BULK_SUBSCRIBER_LIMIT, `Please choose at most ${BULK_SUBSCRIBER_LIMIT} subscribers at a time.`)
  .transform((ids) => [...new Set(ids)]);

/** The list's "Remove selected" post: the repeated ids field, read as a list by parseFields. */
export const removeSubscribersSchema = z.object({ [SUBSCRIBER_IDS_FIELD]: subscriberIdsSchema });

/** The form field that carries the one subscriber removed from the list's row. */
export const SUBSCRIBER_ID_FIELD = "subscriberId";

/** The one-row removal's form, checked on the server (the browser only sends the row's id). */
export const removeSubscriberSchema = z.object({
  [SUBSCRIBER_ID_FIELD]: z
    .string({ error: "Please choose a subscriber." })
    .trim()
    .max(100, "Please choose a subscriber."),
});
