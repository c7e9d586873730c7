import type { MyTaxCertificate } from "#server/tax-exemptions/list-my-tax-certificates.ts";
import { formatLongDate } from "#common/dates.ts";
import { CERTIFICATE_DOCUMENT_KINDS } from "#common/tax-exemptions/tax-exemption-terms.ts";

/**
 * A tax certificate's kind, number and expiry, as entries of the caller's description list (the
 * customer's list and the back office's show them alike; staff see more entries after them).
 */
export function CertificateTerms({
  certificate,
  expiresNote,
}: {
  certificate: Pick<MyTaxCertificate, "documentKind" | "certificateNumber" | "expiresOn">;
  /** Said in brackets after the expiry date: how far it is from today. */
  expiresNote?: string;
}) {
  return (
    <>
      <div>
        <dt className="text-gray-700">Certificate</dt>
        <dd className="font-medium">{CERTIFICATE_DOCUMENT_KINDS[certificate.documentKind]}</dd>
      </div>
      <div>
        <dt className="text-gray-700">Number</dt>
        <dd className="break-all font-medium">{certificate.certificateNumber}</dd>
      </div>
      <div>
        <dt className="text-gray-700">Expires</dt>
        <dd className="font-medium">
          {formatLongDate(certificate.expiresOn)}
          {expiresNote ? (
            <>
              {" "}
              <span className="font-normal text-gray-700">({expiresNote})</span>
            </>
          ) : null}
        </dd>
      </div>
    </>
  );
}
