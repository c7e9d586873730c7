import { AppError } from "#server/errors/app-error.ts";
import { queueReturnClaimMail } from "#server/mail/mail-outbox.ts";
import { appendOrderHistory, STAFF_STATUS_LOCATION } from "#server/orders/order-history.ts";
import type { AppServices } from "#server/services.ts";
import type { ClaimKind } from "#common/returns/return-claim-terms.ts";

/** The history steps of staff's decisions, as the customer reads them on Track Order. */
export const CLAIM_REVIEW_STEPS = {
  approve: { return: "Return approved", damage: "Damage report approved" },
  refuse: { return: "Return refused", damage: "Damage report refused" },
} as const;

/**
 * Staff approve a pending claim (with the return instructions the customer is e-mailed) or
 * refuse it (with the reason the customer is e-mailed; its copies can be claimed again). Only a
 * pending claim is decided, by a conditional write: of two staff deciding at once, one wins and
 * the other is told. The decision, its history step and the mail are one transaction.
 */
export async function reviewReturnClaim(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  input:
    | { claimId: string; reviewerId: string; decision: "approve"; instructions: string }
    | { claimId: string; reviewerId: string; decision: "refuse"; reason: string },
): Promise<{ claimId: string; orderId: string; kind: ClaimKind }> {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .selectFrom("return_claims")
      .select(["id", "order_id", "kind", "status"])
      .where("id", "=", input.claimId)
      .executeTakeFirst();
    if (!claim) throw new AppError("NOT_FOUND", "This claim no longer exists.");
    const moved = await trx
      .updateTable("return_claims")
      .set({
        status: input.decision === "approve" ? "approved" : "refused",
        decided_at: now.toISOString(),
        decided_by: input.reviewerId,
        instructions: input.decision === "approve" ? input.instructions : null,
        refusal_reason: input.decision === "refuse" ? input.reason : null,
      })
      .where("id", "=", claim.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      throw new AppError("CONFLICT", "This claim was already decided. Please reload the list.", {
        reason: "claim-decided",
      });
    }
    await appendOrderHistory(trx, {
      orderId: claim.order_id,
      status: CLAIM_REVIEW_STEPS[input.decision][claim.kind],
      location: STAFF_STATUS_LOCATION,
      at: now,
      note: input.decision === "approve" ? `Instructions: ${input.instructions}` : `Reason: ${input.reason}`,
    });
    await queueReturnClaimMail(trx, {
      claimId: claim.id,
      orderId: claim.order_id,
      kind: input.decision === "approve" ? "claim-approved" : "claim-refused",
      now,
    });
    return { claimId: claim.id, orderId: claim.order_id, kind: claim.kind };
  });
}
