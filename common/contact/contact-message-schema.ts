import { z } from "zod";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";
import { CONTACT_LIMITS } from "./contact-fields.ts";

/**
 * The Contact Us form, shared by the browser and the server so both refuse the same input with
 * the same words. Client-safe: zod only. A missing field (or a non-text one) counts as empty.
 */
export const contactMessageSchema = z.object({
  fullName: z
    .string({ error: "Please enter your full name." })
    .trim()
    .min(1, "Please enter your full name.")
    .max(CONTACT_LIMITS.fullName, `Please keep your name to ${CONTACT_LIMITS.fullName} characters or fewer.`),
  email: emailAddressSchema({ maxLength: CONTACT_LIMITS.email }),
  subject: z
    .string({ error: "Please enter a subject." })
    .trim()
    .min(1, "Please enter a subject.")
    .max(CONTACT_LIMITS.subject, `Please keep the subject to ${CONTACT_LIMITS.subject} characters or fewer.`),
  message: z
    .string({ error: "Please enter your message." })
    .trim()
    .min(1, "Please enter your message.")
    .max(CONTACT_LIMITS.message, `Please keep your message to ${CONTACT_LIMITS.message} characters or fewer.`),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
