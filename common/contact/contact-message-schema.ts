import { z } from "zod";
import { emailAddressSchema } from "#common/mail/email-address-schema.ts";
import { CONTACT_LIMITS, ENQUIRY_KINDS, type EnquiryKind } from "./contact-fields.ts";

const ENQUIRY_VALUES = Object.keys(ENQUIRY_KINDS) as [EnquiryKind, ...EnquiryKind[]];

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
  /** Church and school enquiries only, and optional there: empty means none. */
  organisation: z
    .string({ error: "Please enter the name of your organisation as text." })
    .trim()
    .max(
      CONTACT_LIMITS.organisation,
      `Please keep the organisation's name to ${CONTACT_LIMITS.organisation} characters or fewer.`,
    )
    .optional()
    .transform((value) => value || undefined),
  /** Set by the form opened from For Churches or For Schools (a hidden field); empty means an ordinary message. */
  enquiry: z
    .union([z.literal(""), z.enum(ENQUIRY_VALUES)], {
      error: "This enquiry form is out of date. Please open it again from our For Churches or For Schools page.",
    })
    .optional()
    .transform((value) => value || undefined),
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
