import type { SelectQueryBuilder } from "kysely";
import { countRows, fetchPage, type Page, type PageRequest } from "#server/db/paging.ts";
import type { Database } from "#server/db/schema.ts";
import type { AppServices } from "#server/services.ts";
import { myTaxCertificate, type MyTaxCertificate } from "./list-my-tax-certificates.ts";
import { ordersTaxedWhilePending, type TaxedWhilePendingOrder } from "./refund-exempted-tax.ts";
import {
  addDays,
  CERTIFICATE_FILTERS,
  EXPIRY_NOTICE_DAYS,
  utcDate,
  type CertificateFilter,
  type OrganisationKind,
} from "#common/tax-exemptions/tax-exemption-terms.ts";

/** A certificate in the back office's lists: what its customer sees, and more. */
export interface TaxCertificateListItem extends MyTaxCertificate {
  customerEmail: string;
  /** False once the account was deleted: the certificate stays on file. */
  accountExists: boolean;
  organisationName: string;
  organisationKind: OrganisationKind;
  /** The organisation's address as the account gives it now (null: none any more). */
  organisationAddress: string | null;
  reviewerEmail: string | null;
  fileContentType: string;
  fileByteLength: number;
  /** Approved: its account's orders taxed while it was pending, whose tax can be refunded alone. */
  taxedWhilePending: TaxedWhilePendingOrder[];
}

export interface TaxCertificateList {
  filter: CertificateFilter;
  certificates: Page<TaxCertificateListItem>;
  /** How many each filter lists, for the tabs. */
  counts: Record<CertificateFilter, number>;
  /** Today (UTC), as the list judged expiry. */
  today: string;
}

export function isCertificateFilter(value: unknown): value is CertificateFilter {
  return typeof value === "string" && Object.hasOwn(CERTIFICATE_FILTERS, value);
}

type CertificateQuery = SelectQueryBuilder<Database, "tax_exemption_certificates", object>;

/**
 * The back office's certificates: the queue of pending ones (oldest first, as they were sent),
 * the approved and the rejected (latest review first), and the approved ones that expire within
 * EXPIRY_NOTICE_DAYS (soonest first). An unknown filter shows the queue; pages are clamped.
 */
export async function listTaxCertificates(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  input: PageRequest & { filter?: string | null },
): Promise<TaxCertificateList> {
  const filter: CertificateFilter = isCertificateFilter(input.filter) ? input.filter : "pending";
  const today = utcDate(clock());
  const soon = addDays(today, EXPIRY_NOTICE_DAYS);
  const base = () => db.selectFrom("tax_exemption_certificates");
  const filtered = (which: CertificateFilter) => (query: CertificateQuery) =>
    which === "expiring"
      ? query
          .where("tax_exemption_certificates.status", "=", "approved")
          .where("tax_exemption_certificates.expires_on", ">=", today)
          .where("tax_exemption_certificates.expires_on", "<=", soon)
      : query.where("tax_exemption_certificates.status", "=", which);
  const ordered = (query: CertificateQuery) => {
    // Qualified: the joins below bring columns of the same names.
    const id = "tax_exemption_certificates.id" as const;
    if (filter === "pending") return query.orderBy("tax_exemption_certificates.submitted_at").orderBy(id);
    if (filter === "expiring") return query.orderBy("tax_exemption_certificates.expires_on").orderBy(id);
    return query.orderBy("tax_exemption_certificates.reviewed_at", "desc").orderBy(id);
  };
  const counts = Object.fromEntries(
    await Promise.all(
      (Object.keys(CERTIFICATE_FILTERS) as CertificateFilter[]).map(
        async (which) => [which, await countRows(filtered(which)(base()))] as const,
      ),
    ),
  ) as Record<CertificateFilter, number>;
  const certificates = await fetchPage(
    input,
    async () => counts[filter],
    async ({ limit, offset }) => {
      const rows = await ordered(filtered(filter)(base()))
        .leftJoin("organisations as o", "o.user_id", "tax_exemption_certificates.user_id")
        .leftJoin("user as reviewer", "reviewer.id", "tax_exemption_certificates.reviewed_by")
        .selectAll("tax_exemption_certificates")
        .select([
          "o.street",
          "o.city",
          "o.state as organisation_state",
          "o.postal_code",
          "reviewer.email as reviewer_email",
        ])
        .limit(limit)
        .offset(offset)
        .execute();
      const taxed = await ordersTaxedWhilePending(db, rows);
      return rows.map((row) => ({
        ...myTaxCertificate(row, today),
        customerEmail: row.customer_email,
        accountExists: row.user_id !== null,
        organisationName: row.organisation_name,
        organisationKind: row.organisation_kind,
        organisationAddress:
          row.street && row.city
            ? `${row.street}\n${row.city}, ${row.organisation_state ?? ""} ${row.postal_code ?? ""}`.trim()
            : null,
        reviewerEmail: row.reviewer_email,
        fileContentType: row.file_content_type,
        fileByteLength: row.file_byte_length,
        taxedWhilePending: taxed.get(row.id) ?? [],
      }));
    },
  );
  return { filter, certificates, counts, today };
}
