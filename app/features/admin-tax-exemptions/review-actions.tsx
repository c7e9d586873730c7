import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "#server/http/action-result.ts";
import type { TaxCertificateListItem } from "#server/tax-exemptions/list-tax-certificates.ts";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { WrittenDecisionDialog } from "#app/components/ui/written-decision-dialog.tsx";
import { formatLongDate } from "#common/dates.ts";
import { rejectCertificateSchema } from "#common/tax-exemptions/tax-exemption-schema.ts";
import { CERTIFICATE_REVIEW_INTENTS, TAX_EXEMPTION_LIMITS } from "#common/tax-exemptions/tax-exemption-terms.ts";
import { usStateName } from "#common/us-states.ts";

/** The toasts the review sets (the action's answer; the root shows them). */
export const REVIEW_TOASTS = {
  approve: { failureTitle: "Could not approve the certificate" },
  reject: { failureTitle: "Could not reject the certificate" },
};

/**
 * Approve (one confirmation) and Reject (a reason, e-mailed to the customer) for a pending
 * certificate, each a fetcher post to the screen's action, which lists the certificates again.
 */
export function ReviewActions({ certificate }: { certificate: TaxCertificateListItem }) {
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const busy = fetcher.state !== "idle";
  const state = usStateName(certificate.state);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // The answer arrived: a decision made closes its dialog (the list no longer shows the row).
  useEffect(() => {
    if (answer?.ok) {
      setConfirming(false);
      setRejecting(false);
    }
  }, [answer]);

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={buttonStyles.primary} disabled={busy} onClick={() => setConfirming(true)}>
        Approve<span className="sr-only"> the certificate for {state}</span>
      </button>
      <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={() => setRejecting(true)}>
        Reject<span className="sr-only"> the certificate for {state}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Approve this certificate?"
        description={`${certificate.organisationName}'s certificate for ${state} (${certificate.certificateNumber}) will be on file until ${formatLongDate(certificate.expiresOn)}, and the customer is told by e-mail.`}
        confirmLabel="Approve"
        busy={busy}
        onConfirm={() => {
          if (busy) return;
          void fetcher.submit(
            { intent: CERTIFICATE_REVIEW_INTENTS.approve, certificateId: certificate.id },
            { method: "post" },
          );
        }}
      />
      <WrittenDecisionDialog
        fetcher={fetcher}
        open={rejecting}
        onOpenChange={(open) => {
          if (!open && !busy) setRejecting(false);
        }}
        onCancel={() => setRejecting(false)}
        title="Reject this certificate?"
        description={`The customer is e-mailed the reason and can send a corrected certificate for ${state}.`}
        schema={rejectCertificateSchema}
        failureTitle={REVIEW_TOASTS.reject.failureTitle}
        fields={{ intent: CERTIFICATE_REVIEW_INTENTS.reject, certificateId: certificate.id }}
        text={{
          name: "reason",
          label: "Reason",
          rows: 4,
          maxLength: TAX_EXEMPTION_LIMITS.rejectionReason,
          hint: "For example: the certificate is not signed, or it names another organisation.",
        }}
        submitLabel="Reject"
        busyLabel="Rejecting..."
      />
    </div>
  );
}
