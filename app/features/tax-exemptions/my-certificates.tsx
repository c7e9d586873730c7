import { FileText } from "lucide-react";
import type { MyTaxCertificate } from "#server/tax-exemptions/list-my-tax-certificates.ts";
import { PostButtonIsland } from "#app/components/forms/post-button.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { CertificateStandingBadge } from "#app/components/ui/certificate-standing-badge.tsx";
import { CertificateTerms } from "#app/components/ui/certificate-terms.tsx";
import { taxCertificateFilePath } from "#common/pages/site-paths.ts";
import { TAX_EXEMPTION_INTENTS } from "#common/tax-exemptions/tax-exemption-terms.ts";
import { usStateName } from "#common/us-states.ts";

/** The account's certificates: state, number, expiry, review and file; a pending one can be withdrawn. */
export function MyCertificates({ certificates }: { certificates: MyTaxCertificate[] }) {
  if (certificates.length === 0) {
    return <p className="mt-4 text-gray-700">You have not sent a certificate yet.</p>;
  }
  return (
    <ul className="mt-4 grid gap-4">
      {certificates.map((certificate) => {
        const state = usStateName(certificate.state);
        return (
          <li
            key={certificate.id}
            data-testid="tax-certificate"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h3 className="font-semibold">{state}</h3>
              <CertificateStandingBadge standing={certificate.standing} testId="tax-certificate-status" />
            </div>
            <dl className="mt-3 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
              <CertificateTerms certificate={certificate} />
            </dl>
            {certificate.status === "rejected" && certificate.rejectionReason ? (
              <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-red-50 p-3 text-sm text-red-900">
                <strong>Reason:</strong> {certificate.rejectionReason}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              <a
                href={taxCertificateFilePath(certificate.id)}
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline"
              >
                <FileText aria-hidden="true" className="size-4" />
                Download file<span className="sr-only"> of the certificate for {state}</span>
              </a>
              {certificate.status === "pending" ? (
                <PostButtonIsland
                  fields={{ intent: TAX_EXEMPTION_INTENTS.withdraw, certificateId: certificate.id }}
                  label={`Withdraw the ${state} certificate`}
                  busyLabel="Withdrawing..."
                  buttonClassName={buttonStyles.subtle}
                />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
