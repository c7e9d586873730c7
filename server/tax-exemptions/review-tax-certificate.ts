import { AppError } from "#server/errors/app-error.ts";
import { queueTaxExemptionMail } from "#server/mail/mail-outbox.ts";
import type { AppServices } from "#server/services.ts";
import { ordersTaxedWhilePending } from "./refund-exempted-tax.ts";
import { formatLongDate } from "#common/dates.ts";
import { utcDate } from "#common/tax-exemptions/tax-exemption-terms.ts";

export type CertificateDecision = { decision: "approve" } | { decision: "reject"; reason: string };

/**
 * Staff's review of a pending certificate: approved (unless its date has passed) or rejected
 * with a reason. The decision and the customer's e-mail are written in one transaction, by a
 * conditional write: of two reviews at once, one wins and the other is told. The reviewer is
 * recorded; the route lets only admins here.
 */
export async function reviewTaxCertificate(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  input: { reviewerId: string; certificateId: string } & CertificateDecision,
): Promise<{
  id: string;
  state: string;
  organisationName: string;
  status: "approved" | "rejected";
  /** Approved: how many of its orders were taxed while it was pending (their tax can be refunded). */
  taxedOrders: number;
}> {
  const now = clock();
  const decided = await db.transaction().execute(async (trx) => {
    const certificate = await trx
      .selectFrom("tax_exemption_certificates")
      .select(["id", "state", "organisation_name", "status", "expires_on"])
      .where("id", "=", input.certificateId)
      .executeTakeFirst();
    if (!certificate) throw new AppError("NOT_FOUND", "This certificate no longer exists.");
    const decided = () =>
      new AppError("CONFLICT", "This certificate has already been reviewed. Please reload the list.");
    if (certificate.status !== "pending") throw decided();
    if (input.decision === "approve" && certificate.expires_on < utcDate(now)) {
      throw new AppError(
        "VALIDATION",
        `This certificate expired on ${formatLongDate(certificate.expires_on)}, so it cannot be approved. Reject it and ask for a current one.`,
      );
    }
    const status: "approved" | "rejected" = input.decision === "approve" ? "approved" : "rejected";
    const updated = await trx
      .updateTable("tax_exemption_certificates")
      .set({
        status,
        reviewed_at: now.toISOString(),
        reviewed_by: input.reviewerId,
        rejection_reason: input.decision === "reject" ? input.reason : null,
      })
      .where("id", "=", certificate.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw decided();
    await queueTaxExemptionMail(trx, {
      certificateId: certificate.id,
      kind: status === "approved" ? "tax-certificate-approved" : "tax-certificate-rejected",
      now,
    });
    return { id: certificate.id, state: certificate.state, organisationName: certificate.organisation_name, status };
  });
  const taxed = await ordersTaxedWhilePending(db, [decided]);
  return { ...decided, taxedOrders: taxed.get(decided.id)?.length ?? 0 };
}
