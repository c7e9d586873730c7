import type { ReturnClaimListItem } from "#server/returns/list-return-claims.ts";
import { formatDateTime } from "#common/dates.ts";
import { formatMoney } from "#common/money/money.ts";
import { ADMIN_PAGES, claimPhotoPath } from "#common/pages/site-paths.ts";
import {
  CLAIM_KINDS,
  CLAIM_SETTLEMENTS,
  CLAIM_STATUSES,
  type ClaimStatus,
} from "#common/returns/return-claim-terms.ts";
import { ClaimActions } from "./claim-actions.tsx";

const BADGES: Record<ClaimStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  approved: "bg-blue-100 text-blue-900",
  refused: "bg-red-100 text-red-900",
  settled: "bg-green-100 text-green-900",
};

const orderLink = (orderId: string) => `${ADMIN_PAGES.orders.path}?search=${encodeURIComponent(orderId)}`;

/**
 * The claims as cards (readable at 360 px): the order and customer, the lines and their amount,
 * the reason, the photo (from the guarded route), staff's instructions or reason, the settlement,
 * and the actions its status allows.
 */
export function ClaimsList({ claims }: { claims: ReturnClaimListItem[] }) {
  return (
    <ol className="mt-6 grid gap-4">
      {claims.map((claim) => (
        <li key={claim.id}>
          <article
            aria-labelledby={`claim-${claim.id}`}
            data-testid="admin-return-claim"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100"
          >
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
              <div className="min-w-0">
                <h2 id={`claim-${claim.id}`} className="break-words font-serif text-xl font-bold text-brand-800">
                  {`${CLAIM_KINDS[claim.kind]} · `}
                  <a href={orderLink(claim.orderId)} className="underline">
                    {claim.orderId}
                  </a>
                </h2>
                <p className="mt-1 text-sm text-gray-700">
                  {claim.customerName ? `${claim.customerName} · ` : ""}
                  <a href={`mailto:${claim.customerEmail}`} className="break-all font-medium text-brand-700 underline">
                    {claim.customerEmail}
                  </a>
                  {` · sent ${formatDateTime(claim.createdAt)}`}
                </p>
              </div>
              <span className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGES[claim.status]}`}>
                {CLAIM_STATUSES[claim.status]}
              </span>
            </div>
            <ul className="mt-3 grid gap-1 text-sm">
              {claim.lines.map((line) => (
                <li key={line.title} className="flex justify-between gap-4">
                  <span className="min-w-0 break-words">
                    {line.quantity} × {line.title}
                  </span>
                  <span className="flex-none font-medium">{formatMoney(line.amountCents, claim.currency)}</span>
                </li>
              ))}
              {claimAdjustmentCents(claim) !== 0 ? (
                <li className="flex justify-between gap-4">
                  <span>Their share of the order&apos;s discount and sales tax</span>
                  <span className="flex-none font-medium">
                    {formatMoney(claimAdjustmentCents(claim), claim.currency)}
                  </span>
                </li>
              ) : null}
              <li className="flex justify-between gap-4 border-t border-brand-100 pt-1 font-semibold">
                <span>Claimed amount</span>
                <span>{formatMoney(claim.amountCents, claim.currency)}</span>
              </li>
            </ul>
            <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-brand-50 p-3 text-sm">
              <strong>Customer&apos;s reason:</strong> {claim.reason}
            </p>
            {claim.hasPhoto ? (
              <a href={claimPhotoPath(claim.id)} target="_blank" rel="noopener" className="mt-3 inline-block">
                <img
                  src={claimPhotoPath(claim.id)}
                  alt={`What the customer sent for the claim on order ${claim.orderId}`}
                  loading="lazy"
                  className="max-h-80 w-auto max-w-full rounded-lg ring-1 ring-brand-100"
                />
              </a>
            ) : (
              <p className="mt-3 text-sm text-gray-700">No photo was sent.</p>
            )}
            {claim.instructions ? (
              <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-blue-50 p-3 text-sm text-blue-950">
                <strong>Instructions sent:</strong> {claim.instructions}
              </p>
            ) : null}
            {claim.refusalReason ? (
              <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-red-50 p-3 text-sm text-red-900">
                <strong>Reason given:</strong> {claim.refusalReason}
              </p>
            ) : null}
            {claim.status === "settled" && claim.settlement ? (
              <p className="mt-3 text-sm font-semibold text-green-900">
                {claim.settlement === "refund"
                  ? `${CLAIM_SETTLEMENTS.refund}: ${formatMoney(claim.refundedCents ?? claim.amountCents, claim.currency)}`
                  : `${CLAIM_SETTLEMENTS.replacement}: `}
                {claim.settlement === "replacement" && claim.replacementOrderId ? (
                  <a href={orderLink(claim.replacementOrderId)} className="underline">
                    {claim.replacementOrderId}
                  </a>
                ) : null}
              </p>
            ) : null}
            {claim.status === "pending" || claim.status === "approved" ? (
              <div className="mt-4">
                <ClaimActions claim={claim} />
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}

/**
 * What a claim's amount adds to its copies' prices: less their share of the order's discount, plus
 * the sales tax charged on them (server/returns/request-return-claim.ts, claimAmount).
 */
function claimAdjustmentCents(claim: { amountCents: number; lines: { amountCents: number }[] }): number {
  return claim.amountCents - claim.lines.reduce((sum, line) => sum + line.amountCents, 0);
}
