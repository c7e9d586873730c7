import type { MyClaim } from "#server/returns/get-claim-page.ts";
import { formatDateTime } from "#common/dates.ts";
import { formatMoney } from "#common/money/money.ts";
import { claimPhotoPath } from "#common/pages/site-paths.ts";
import {
  CLAIM_KINDS,
  CLAIM_SETTLEMENTS,
  CLAIM_STATUSES,
  type ClaimStatus,
} from "#common/returns/return-claim-terms.ts";

export const CLAIM_STATUS_BADGES: Record<ClaimStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  approved: "bg-blue-100 text-blue-900",
  refused: "bg-red-100 text-red-900",
  settled: "bg-green-100 text-green-900",
};

/** The order's claims: what was asked, its status, staff's instructions or reason, and the photo. */
export function MyClaims({ claims, currency }: { claims: MyClaim[]; currency: string }) {
  if (claims.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-4">
      {claims.map((claim) => (
        <li
          key={claim.id}
          data-testid="return-claim"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 className="font-serif text-lg font-bold text-brand-800">{CLAIM_KINDS[claim.kind]}</h3>
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${CLAIM_STATUS_BADGES[claim.status]}`}>
              {CLAIM_STATUSES[claim.status]}
            </span>
          </div>
          <p className="mt-1 text-sm text-gray-700">Sent {formatDateTime(claim.createdAt)}</p>
          <ul className="mt-3 list-disc pl-5 text-ink">
            {claim.lines.map((line) => (
              <li key={line.title}>
                {line.quantity} × {line.title}
              </li>
            ))}
          </ul>
          <p className="mt-3 whitespace-pre-line break-words text-gray-800">{claim.reason}</p>
          {claim.instructions ? (
            <div className="mt-3 rounded-lg bg-blue-50 p-3 text-blue-950">
              <p className="font-semibold">Return instructions</p>
              <p className="whitespace-pre-line break-words">{claim.instructions}</p>
            </div>
          ) : null}
          {claim.refusalReason ? (
            <div className="mt-3 rounded-lg bg-red-50 p-3 text-red-950">
              <p className="font-semibold">Why it was not accepted</p>
              <p className="whitespace-pre-line break-words">{claim.refusalReason}</p>
            </div>
          ) : null}
          {claim.settlement ? (
            <p className="mt-3 font-semibold text-green-900">
              {claim.settlement === "refund"
                ? `${CLAIM_SETTLEMENTS.refund}: ${formatMoney(claim.amountCents, currency)}`
                : `${CLAIM_SETTLEMENTS.replacement}: order ${claim.replacementOrderId ?? ""}`}
            </p>
          ) : null}
          {claim.hasPhoto ? (
            <a
              href={claimPhotoPath(claim.id)}
              className="mt-3 inline-block font-semibold text-brand-800 underline"
              target="_blank"
              rel="noopener"
            >
              See the photo
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
