import type { Selectable } from "kysely";
import type { TaxExemptionCertificatesTable, Timestamp } from "#server/db/schema.ts";
import type { AppServices } from "#server/services.ts";
import {
  certificateStanding,
  utcDate,
  type CertificateDocumentKind,
  type CertificateStatus,
} from "#common/tax-exemptions/tax-exemption-terms.ts";

/** A certificate as its customer sees it on Organisation & tax exemption. */
export interface MyTaxCertificate {
  id: string;
  state: string;
  documentKind: CertificateDocumentKind;
  certificateNumber: string;
  expiresOn: string;
  status: CertificateStatus;
  /** The status, or "expired" for an approved certificate past its date. */
  standing: CertificateStatus | "expired";
  submittedAt: Timestamp;
  reviewedAt: Timestamp | null;
  rejectionReason: string | null;
}

/** The columns a MyTaxCertificate is made of. */
const CERTIFICATE_COLUMNS = [
  "id",
  "state",
  "document_kind",
  "certificate_number",
  "expires_on",
  "status",
  "submitted_at",
  "reviewed_at",
  "rejection_reason",
] as const;

/**
 * A certificate as its customer sees it, judged expired or not on `today` (UTC); the back office's
 * list shows the same and more (list-tax-certificates.ts).
 */
export function myTaxCertificate(
  row: Pick<Selectable<TaxExemptionCertificatesTable>, (typeof CERTIFICATE_COLUMNS)[number]>,
  today: string,
): MyTaxCertificate {
  return {
    id: row.id,
    state: row.state,
    documentKind: row.document_kind,
    certificateNumber: row.certificate_number,
    expiresOn: row.expires_on,
    status: row.status,
    standing: certificateStanding({ status: row.status, expiresOn: row.expires_on }, today),
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
    rejectionReason: row.rejection_reason,
  };
}

/** The account's certificates, by state, newest first within a state. */
export async function listMyTaxCertificates(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { userId }: { userId: string },
): Promise<MyTaxCertificate[]> {
  const today = utcDate(clock());
  const rows = await db
    .selectFrom("tax_exemption_certificates")
    .select(CERTIFICATE_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("state")
    .orderBy("submitted_at", "desc")
    .orderBy("id")
    // Far more than anyone sends (one pending per state); a page that never grows without end.
    .limit(200)
    .execute();
  return rows.map((row) => myTaxCertificate(row, today));
}
