import { z } from "zod";
import { US_STATE_CODES } from "#common/us-states.ts";
import {
  CERTIFICATE_DOCUMENT_KINDS,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_NO_FILE_MESSAGE,
  CERTIFICATE_TOO_LARGE_MESSAGE,
  ORGANISATION_KINDS,
  TAX_EXEMPTION_LIMITS,
  type CertificateDocumentKind,
  type OrganisationKind,
} from "./tax-exemption-terms.ts";

/**
 * The forms of organisations and tax exemption certificates, shared by the pages (checked before
 * posting) and the actions (checked again). Rules that need the clock or the database (an expiry
 * in the past, a second pending certificate, what the file's bytes are) are the use cases'.
 */

function requiredText(max: number, missing: string, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}

const stateField = z.enum(US_STATE_CODES, { error: "Please choose a US state." });

/** The organisation a customer buys for (Organisation & tax exemption). */
export const organisationSchema = z.object({
  name: requiredText(
    TAX_EXEMPTION_LIMITS.organisationName,
    "Please enter the organisation's name.",
    `The name must be at most ${TAX_EXEMPTION_LIMITS.organisationName} characters.`,
  ),
  kind: z.enum(Object.keys(ORGANISATION_KINDS) as [OrganisationKind, ...OrganisationKind[]], {
    error: "Please choose church, school or homeschool co-op.",
  }),
  street: requiredText(
    TAX_EXEMPTION_LIMITS.street,
    "Please enter the street address.",
    `The street address must be at most ${TAX_EXEMPTION_LIMITS.street} characters.`,
  ),
  city: requiredText(
    TAX_EXEMPTION_LIMITS.city,
    "Please enter the city.",
    `The city must be at most ${TAX_EXEMPTION_LIMITS.city} characters.`,
  ),
  state: stateField,
  postalCode: z
    .string({ error: "Please enter the ZIP code." })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Please enter a ZIP code such as 37201 or 37201-1234."),
});
export type OrganisationInput = z.output<typeof organisationSchema>;
export const ORGANISATION_FIELDS = ["name", "kind", "street", "city", "state", "postalCode"] as const;

/** A file as both sides see it before its bytes are read: a browser's File, or the server's upload. */
const fileField = z
  .custom<{ size: number }>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof (value as { size?: unknown }).size === "number" &&
      (value as { size: number }).size > 0,
    { error: CERTIFICATE_NO_FILE_MESSAGE },
  )
  .refine((file) => file.size <= CERTIFICATE_MAX_BYTES, { error: CERTIFICATE_TOO_LARGE_MESSAGE });

/**
 * A certificate for one state. The expiry is a calendar date (`YYYY-MM-DD`, what a date input
 * posts), valid through that day.
 */
export const certificateSchema = z.object({
  state: stateField,
  documentKind: z.enum(
    Object.keys(CERTIFICATE_DOCUMENT_KINDS) as [CertificateDocumentKind, ...CertificateDocumentKind[]],
    { error: "Please choose the kind of certificate." },
  ),
  certificateNumber: requiredText(
    TAX_EXEMPTION_LIMITS.certificateNumber,
    "Please enter the certificate or exemption number.",
    `The number must be at most ${TAX_EXEMPTION_LIMITS.certificateNumber} characters.`,
  ).regex(/^[A-Za-z0-9][A-Za-z0-9 ./#-]*$/, "The number may contain letters, digits, spaces and . / # - only."),
  expiresOn: z
    .string({ error: "Please enter the expiry date." })
    .trim()
    .min(1, "Please enter the expiry date.")
    .refine(isCalendarDate, "Please enter the expiry date as a date, such as 2027-06-30."),
  certificateFile: fileField,
});
export type CertificateInput = z.output<typeof certificateSchema>;
export const CERTIFICATE_FIELDS = [
  "state",
  "documentKind",
  "certificateNumber",
  "expiresOn",
  "certificateFile",
] as const;

/** A real day of the calendar as `YYYY-MM-DD` (no 2027-02-30), in years a certificate can name. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value >= "2000-01-01" &&
    value <= "2099-12-31"
  );
}

/** The certificate a withdrawal or a review names. */
export const certificateIdSchema = z.object({
  certificateId: z
    .string({ error: "This certificate no longer exists." })
    .trim()
    .regex(/^[0-9a-f-]{36}$/, "This certificate no longer exists."),
});

/** Staff's refusal: the reason the customer is e-mailed. */
/**
 * "Refund the tax" of an approved certificate's orders taxed while it was pending: one order, or
 * all of them (no order id).
 */
export const refundCertificateTaxSchema = certificateIdSchema.extend({
  orderId: z
    .string()
    .trim()
    .max(64, "Please choose an order.")
    .regex(/^[A-Za-z0-9_-]*$/, "Please choose an order.")
    .optional()
    .transform((value) => value || null),
});

export const rejectCertificateSchema = certificateIdSchema.extend({
  reason: requiredText(
    TAX_EXEMPTION_LIMITS.rejectionReason,
    "Please say why the certificate is rejected: the customer is told.",
    `The reason must be at most ${TAX_EXEMPTION_LIMITS.rejectionReason} characters.`,
  ),
});
