/**
 * The Contact Us form's fields and limits. Plain TypeScript, no zod: the form's island loads zod
 * only when a message is sent (decision 21). The form's schema is contact-message-schema.ts.
 */

/** Longest values a message may have; the form's `maxLength` attributes use the same numbers. */
export const CONTACT_LIMITS = { fullName: 100, email: 254, organisation: 150, subject: 150, message: 5000 } as const;

/** The form's fields in display order; the first invalid one gives the toast its message. */
export const CONTACT_FIELDS = ["fullName", "email", "organisation", "subject", "message"] as const;

/**
 * Order enquiries from the For Churches and For Schools pages: their button opens Contact Us with
 * `?enquiry=<kind>`, which prefills the subject and asks for the organisation's name; the back
 * office marks such messages with the badge.
 */
export const ENQUIRY_KINDS = {
  church: { subject: "Church order enquiry", organisationLabel: "Church name", badge: "Church enquiry" },
  school: { subject: "School order enquiry", organisationLabel: "School name", badge: "School enquiry" },
} as const;

export type EnquiryKind = keyof typeof ENQUIRY_KINDS;

/** The enquiry a value names (an address's `enquiry` parameter, a posted field), or null. */
export function enquiryKind(value: unknown): EnquiryKind | null {
  return value === "church" || value === "school" ? value : null;
}

export type ContactField = (typeof CONTACT_FIELDS)[number];
