import { FileText, Image } from "lucide-react";
import type { TaxCertificateListItem } from "#server/tax-exemptions/list-tax-certificates.ts";
import { CertificateStandingBadge } from "#app/components/ui/certificate-standing-badge.tsx";
import { CertificateTerms } from "#app/components/ui/certificate-terms.tsx";
import { formatDateTime } from "#common/dates.ts";
import { taxCertificateFilePath } from "#common/pages/site-paths.ts";
import { ORGANISATION_KINDS } from "#common/tax-exemptions/tax-exemption-terms.ts";
import { usStateName } from "#common/us-states.ts";
import { ReviewActions } from "./review-actions.tsx";
import { TaxRefundActions } from "./tax-refund-actions.tsx";

/** "in 12 days", "today", "3 days ago": how far an expiry date is from `today` (both UTC dates). */
function daysFrom(today: string, date: string): string {
  const days = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
  if (days === 0) return "today";
  if (days > 0) return `in ${days} day${days === 1 ? "" : "s"}`;
  return `${-days} day${days === -1 ? "" : "s"} ago`;
}

function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The back office's certificates as cards (they stay readable at 360 px): the organisation and
 * its customer, the state, number and expiry, the file (an image is previewed), the review, and
 * Approve and Reject on pending ones.
 */
export function CertificatesList({ certificates, today }: { certificates: TaxCertificateListItem[]; today: string }) {
  return (
    <ol className="mt-6 grid gap-4">
      {certificates.map((certificate) => {
        const state = usStateName(certificate.state);
        const fileUrl = taxCertificateFilePath(certificate.id);
        const isImage = certificate.fileContentType.startsWith("image/");
        return (
          <li key={certificate.id}>
            <article
              aria-labelledby={`certificate-${certificate.id}`}
              data-testid="admin-tax-certificate"
              className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
            >
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <div className="min-w-0">
                  <h2
                    id={`certificate-${certificate.id}`}
                    className="break-words font-serif text-xl font-bold text-brand-800"
                  >
                    {`${certificate.organisationName} · ${state}`}
                  </h2>
                  <p className="mt-1 text-sm text-gray-700">
                    {ORGANISATION_KINDS[certificate.organisationKind]} ·{" "}
                    <a
                      href={`mailto:${certificate.customerEmail}`}
                      className="break-all font-medium text-brand-700 underline"
                    >
                      {certificate.customerEmail}
                    </a>
                    {certificate.accountExists ? null : " (account deleted)"}
                  </p>
                </div>
                <CertificateStandingBadge standing={certificate.standing} testId="admin-tax-certificate-status" />
              </div>
              <dl className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
                <CertificateTerms certificate={certificate} expiresNote={daysFrom(today, certificate.expiresOn)} />
                <div>
                  <dt className="text-gray-700">Organisation address</dt>
                  <dd className="whitespace-pre-line font-medium">{certificate.organisationAddress ?? "None given"}</dd>
                </div>
                <div>
                  <dt className="text-gray-700">Sent</dt>
                  <dd className="font-medium">{formatDateTime(certificate.submittedAt)}</dd>
                </div>
                {certificate.reviewedAt ? (
                  <div>
                    <dt className="text-gray-700">Reviewed</dt>
                    <dd className="font-medium">
                      {formatDateTime(certificate.reviewedAt)}
                      {certificate.reviewerEmail ? ` by ${certificate.reviewerEmail}` : ""}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {certificate.rejectionReason ? (
                <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-red-50 p-3 text-sm text-red-900">
                  <strong>Reason:</strong> {certificate.rejectionReason}
                </p>
              ) : null}
              {isImage ? (
                // Shown from the same guarded route as the download (an <img> ignores "attachment").
                <img
                  src={fileUrl}
                  alt={`The certificate for ${state} as sent`}
                  loading="lazy"
                  className="mt-4 max-h-80 w-auto max-w-full rounded-lg ring-1 ring-brand-100"
                />
              ) : null}
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <a
                  href={fileUrl}
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline"
                >
                  {isImage ? (
                    <Image aria-hidden="true" className="size-4" />
                  ) : (
                    <FileText aria-hidden="true" className="size-4" />
                  )}
                  Download the file ({isImage ? "image" : "PDF"}, {fileSize(certificate.fileByteLength)})
                  <span className="sr-only"> of the certificate for {state}</span>
                </a>
                {certificate.status === "pending" ? <ReviewActions certificate={certificate} /> : null}
              </div>
              <TaxRefundActions certificate={certificate} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
