/**
 * The Contact Us form's fields and limits. Plain TypeScript, no zod: the form's island loads zod
 * only when a message is sent (decision 21). The form's schema is contact-message-schema.ts.
 */

/** Longest values a message may have; the form's `maxLength` attributes use the same numbers. */
export const CONTACT_LIMITS = { fullName: 100, email: 254, subject: 150, message: 5000 } as const;

/** The form's fields in display order; the first invalid one gives the toast its message. */
export const CONTACT_FIELDS = ["fullName", "email", "subject", "message"] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
