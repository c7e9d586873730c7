import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { ReturnClaimListItem } from "#server/returns/list-return-claims.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { WrittenDecisionDialog } from "#app/components/ui/written-decision-dialog.tsx";
import { formatMoney } from "#common/money/money.ts";
import { approveClaimSchema, refuseClaimSchema } from "#common/returns/return-claim-schema.ts";
import { CLAIM_REVIEW_INTENTS, RETURN_CLAIM_LIMITS, type ClaimSettlement } from "#common/returns/return-claim-terms.ts";

/** The toasts' titles when an action is refused (the action's answer; the root shows them). */
export const CLAIM_ACTION_TOASTS = {
  approve: { failureTitle: "Could not approve the claim" },
  refuse: { failureTitle: "Could not refuse the claim" },
  settle: { failureTitle: "Could not settle the claim" },
};

/** What settling does, said before it is done (it cannot be undone). */
function settleQuestion(claim: ReturnClaimListItem, settlement: ClaimSettlement): string {
  const amount = formatMoney(claim.amountCents, claim.currency);
  if (settlement === "replacement") {
    return `A new order of the claimed copies at no charge is placed for ${claim.customerEmail}, taking them from stock, and the customer is e-mailed.`;
  }
  return claim.paymentMethod === "invoice"
    ? `${amount} is recorded as credited to this invoice order (you return the money yourself), and the customer is e-mailed.`
    : `${amount} is refunded through ${claim.paymentMethod === "paypal" ? "PayPal" : "Stripe"} at once, and the customer is e-mailed.`;
}

/**
 * Approve (with return instructions) and Refuse (with a reason) for a pending claim; Refund and
 * Replace for an approved one. Each a fetcher post to the screen's action, which lists the claims again.
 */
export function ClaimActions({ claim }: { claim: ReturnClaimListItem }) {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState<"approve" | "refuse" | ClaimSettlement | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer) setOpen(null);
  }, [answer]);
  const close = (next: boolean) => {
    if (!next && !busy) setOpen(null);
  };
  const label = `the claim on order ${claim.orderId}`;

  return (
    <div className="flex flex-wrap gap-2">
      {claim.status === "pending" ? (
        <>
          <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => setOpen("approve")}>
            Approve<span className="sr-only"> {label}</span>
          </button>
          <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={() => setOpen("refuse")}>
            Refuse<span className="sr-only"> {label}</span>
          </button>
        </>
      ) : null}
      {claim.status === "approved" ? (
        <>
          <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => setOpen("refund")}>
            Settle by refund<span className="sr-only"> of {label}</span>
          </button>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={busy}
            onClick={() => setOpen("replacement")}
          >
            Send a replacement<span className="sr-only"> for {label}</span>
          </button>
        </>
      ) : null}
      <WrittenDecisionDialog
        fetcher={fetcher}
        open={open === "approve"}
        onOpenChange={close}
        onCancel={() => setOpen(null)}
        title="Approve this claim?"
        description="The customer is e-mailed these instructions."
        schema={approveClaimSchema}
        failureTitle={CLAIM_ACTION_TOASTS.approve.failureTitle}
        fields={{ intent: CLAIM_REVIEW_INTENTS.approve, claimId: claim.id }}
        text={{
          name: "instructions",
          label: "Return instructions",
          rows: 5,
          maxLength: RETURN_CLAIM_LIMITS.instructions,
          defaultValue:
            claim.kind === "damage"
              ? "There is no need to send the damaged copies back. We will settle your claim shortly."
              : "",
          hint: "Where to send the items and how, or that there is no need to send them back.",
        }}
        submitLabel="Approve and e-mail"
        busyLabel="Approving..."
        tone="primary"
      />
      <WrittenDecisionDialog
        fetcher={fetcher}
        open={open === "refuse"}
        onOpenChange={close}
        onCancel={() => setOpen(null)}
        title="Refuse this claim?"
        description="The customer is e-mailed the reason; the copies can be claimed again."
        schema={refuseClaimSchema}
        failureTitle={CLAIM_ACTION_TOASTS.refuse.failureTitle}
        fields={{ intent: CLAIM_REVIEW_INTENTS.refuse, claimId: claim.id }}
        text={{
          name: "reason",
          label: "Reason",
          rows: 4,
          maxLength: RETURN_CLAIM_LIMITS.refusalReason,
          hint: "For example: the return window had closed, or the items were used.",
        }}
        submitLabel="Refuse and e-mail"
        busyLabel="Refusing..."
      />
      {(["refund", "replacement"] as const).map((settlement) => (
        <ConfirmDialog
          key={settlement}
          open={open === settlement}
          onOpenChange={close}
          title={settlement === "refund" ? "Settle by refund?" : "Send a replacement at no charge?"}
          description={settleQuestion(claim, settlement)}
          confirmLabel={settlement === "refund" ? "Refund" : "Place replacement order"}
          busy={busy}
          onConfirm={() => {
            if (busy) return;
            void fetcher.submit(
              { intent: CLAIM_REVIEW_INTENTS.settle, claimId: claim.id, settlement },
              { method: "post" },
            );
          }}
        />
      ))}
    </div>
  );
}
