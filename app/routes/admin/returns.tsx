import { requireAdmin } from "#server/http/guards.ts";
import { adminIntent, adminIntentAction, formIntent } from "#server/http/admin-action.ts";
import { parseFields } from "#server/http/read-form.ts";
import { listReturnClaims } from "#server/returns/list-return-claims.ts";
import { reviewReturnClaim } from "#server/returns/review-return-claim.ts";
import { settleReturnClaim } from "#server/returns/settle-return-claim.ts";
import { EmptyList } from "#app/components/ui/empty-list.tsx";
import { FilterTabs } from "#app/components/ui/filter-tabs.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { AdminPageHeader } from "#app/features/admin/admin-page-header.tsx";
import { CLAIM_ACTION_TOASTS } from "#app/features/admin-returns/claim-actions.tsx";
import { ClaimsList } from "#app/features/admin-returns/claims-list.tsx";
import { formatMoney } from "#common/money/money.ts";
import { ADMIN_PAGES } from "#common/pages/site-paths.ts";
import { approveClaimSchema, refuseClaimSchema, settleClaimSchema } from "#common/returns/return-claim-schema.ts";
import { CLAIM_REVIEW_INTENTS, CLAIM_STATUSES, type ClaimStatus } from "#common/returns/return-claim-terms.ts";
import { noindexMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/returns";

const PAGE = ADMIN_PAGES.returns;

export const meta = () => noindexMeta(PAGE.title);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  return listReturnClaims(context.services, { status: params.get("status"), page: params.get("page") });
}

/** Approve, refuse or settle a claim (the reviewer is the signed-in admin); the toast says what happened. */
export function action(args: Route.ActionArgs) {
  return adminIntentAction(args, {
    [CLAIM_REVIEW_INTENTS.approve]: adminIntent(
      ({ services, form, viewer }) => {
        const { claimId, instructions } = parseFields(form, approveClaimSchema, ["instructions"]);
        return reviewReturnClaim(services, { claimId, reviewerId: viewer.userId, decision: "approve", instructions });
      },
      {
        success: (result) => ({
          title: "Claim approved",
          description: `The claim on order ${result.orderId} is approved; the customer is e-mailed the instructions.`,
        }),
        failureTitle: CLAIM_ACTION_TOASTS.approve.failureTitle,
      },
    ),
    [CLAIM_REVIEW_INTENTS.refuse]: adminIntent(
      ({ services, form, viewer }) => {
        const { claimId, reason } = parseFields(form, refuseClaimSchema, ["reason"]);
        return reviewReturnClaim(services, { claimId, reviewerId: viewer.userId, decision: "refuse", reason });
      },
      {
        success: (result) => ({
          title: "Claim refused",
          description: `The claim on order ${result.orderId} is refused; the customer is e-mailed the reason.`,
        }),
        failureTitle: CLAIM_ACTION_TOASTS.refuse.failureTitle,
      },
    ),
    [CLAIM_REVIEW_INTENTS.settle]: formIntent(settleClaimSchema, settleReturnClaim, {
      success: (result) => ({
        title: "Claim settled",
        description:
          result.settlement === "refund"
            ? `${formatMoney(result.refundedCents, result.currency)} refunded for order ${result.orderId}; the customer is e-mailed.`
            : `Replacement order ${result.replacementOrderId} placed at no charge; the customer is e-mailed.`,
      }),
      failureTitle: CLAIM_ACTION_TOASTS.settle.failureTitle,
    }),
  });
}

const EMPTY: Record<ClaimStatus, string> = {
  pending: "No claims are waiting for a decision.",
  approved: "No approved claim is waiting to be settled.",
  refused: "No claims have been refused.",
  settled: "No claims have been settled yet.",
};

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { status, claims, counts } = loaderData;
  return (
    <>
      <AdminPageHeader
        title={PAGE.title}
        intro="Customers' return requests and damage reports: approve with return instructions or refuse with a reason, then settle by a refund or a replacement at no charge."
      />
      <FilterTabs label="Claims by status" param="status" names={CLAIM_STATUSES} counts={counts} current={status} />
      {claims.items.length === 0 ? (
        <EmptyList>{EMPTY[status]}</EmptyList>
      ) : (
        <>
          <ClaimsList claims={claims.items} />
          <Pagination list={claims} noun="claim" />
        </>
      )}
    </>
  );
}
