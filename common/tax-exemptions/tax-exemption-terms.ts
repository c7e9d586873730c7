/**
 * The words and limits of organisations and tax exemption certificates, shared by the account
 * page, the back office, the schemas and the server. Client-safe, no zod (the pages that only
 * show certificates carry none).
 */

/** The kinds of organisation that buy tax-exempt, with their labels. */
export const ORGANISATION_KINDS = {
  church: "Church",
  school: "School",
  homeschool_co_op: "Homeschool co-op",
} as const;
export type OrganisationKind = keyof typeof ORGANISATION_KINDS;

/** What a customer uploads for a state: the state's own exemption certificate, or the multistate SST form. */
export const CERTIFICATE_DOCUMENT_KINDS = {
  state_certificate: "State exemption certificate",
  streamlined: "Streamlined Sales Tax certificate (SST)",
} as const;
export type CertificateDocumentKind = keyof typeof CERTIFICATE_DOCUMENT_KINDS;

/** A certificate's review: waiting for staff, accepted, or refused with a reason. */
export const CERTIFICATE_STATUSES = ["pending", "approved", "rejected"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus | "expired", string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};

/** The back office's lists: the queue, the decided ones, and approved ones that run out soon. */
export const CERTIFICATE_FILTERS = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  expiring: "Expiring soon",
} as const;
export type CertificateFilter = keyof typeof CERTIFICATE_FILTERS;

/** An approved certificate is "expiring" (listed, and its customer reminded once) this many days ahead. */
export const EXPIRY_NOTICE_DAYS = 30;

/** The certificate file's form field; its limit, also the route's body limit (server/http/body-limits.ts). */
export const CERTIFICATE_FILE_FIELD = "certificateFile";
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
/** What the file picker offers; the server decides by the file's first bytes, whatever its name. */
export const CERTIFICATE_FILE_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";

export const CERTIFICATE_TOO_LARGE_MESSAGE = "The file is too large. Please choose a file of at most 5 MB.";
export const CERTIFICATE_NO_FILE_MESSAGE = "Please choose the certificate file (PDF, JPEG, PNG or WebP).";
export const CERTIFICATE_FILE_TYPE_MESSAGE = "The file must be a PDF, JPEG, PNG or WebP image.";

export const TAX_EXEMPTION_LIMITS = {
  organisationName: 120,
  street: 200,
  city: 100,
  certificateNumber: 60,
  rejectionReason: 500,
} as const;

/** The account page's one form action, by `intent`. */
export const TAX_EXEMPTION_INTENTS = {
  organisation: "organisation",
  certificate: "certificate",
  withdraw: "withdraw",
} as const;

/** The back office's review, by `intent`. */
export const CERTIFICATE_REVIEW_INTENTS = { approve: "approve", reject: "reject", refundTax: "refund-tax" } as const;

/** A certificate's date as `YYYY-MM-DD` (UTC): valid through its expiry date. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The day `days` after the UTC date `date` (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 24 * 60 * 60 * 1000));
}

/**
 * What a customer and staff see of a certificate: its review, or Expired once an approved
 * certificate's date has passed (`today`, UTC).
 */
export function certificateStanding(
  certificate: { status: CertificateStatus; expiresOn: string },
  today: string,
): CertificateStatus | "expired" {
  return certificate.status === "approved" && certificate.expiresOn < today ? "expired" : certificate.status;
}
