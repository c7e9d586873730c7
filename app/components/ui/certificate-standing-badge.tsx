import { CERTIFICATE_STATUS_LABELS, type CertificateStatus } from "#common/tax-exemptions/tax-exemption-terms.ts";

/** Approved green, pending yellow, rejected red, expired grey. */
const BADGES: Record<CertificateStatus | "expired", string> = {
  approved: "bg-green-100 text-green-900",
  pending: "bg-yellow-100 text-yellow-900",
  rejected: "bg-red-100 text-red-900",
  expired: "bg-gray-200 text-gray-900",
};

/** A tax certificate's standing as a coloured label, the same for its customer and for staff. */
export function CertificateStandingBadge({
  standing,
  testId,
}: {
  standing: CertificateStatus | "expired";
  testId: string;
}) {
  return (
    <span data-testid={testId} className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGES[standing]}`}>
      {CERTIFICATE_STATUS_LABELS[standing]}
    </span>
  );
}
