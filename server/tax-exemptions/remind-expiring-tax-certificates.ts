import type { AppServices } from "#server/services.ts";
import { queueTaxExemptionMail } from "#server/mail/mail-outbox.ts";
import { addDays, EXPIRY_NOTICE_DAYS, utcDate } from "#common/tax-exemptions/tax-exemption-terms.ts";

/** Certificates claimed per run; the next run takes the rest. */
const BATCH = 100;

/**
 * The background job's step: queues the "expires soon" e-mail of each approved certificate
 * within EXPIRY_NOTICE_DAYS of its expiry, once per certificate (claimed by a conditional write
 * of `expiry_reminder_queued_at`, in the transaction that queues the mail). A certificate whose
 * account already sent a renewal for that state (approved or pending, running longer) is not
 * reminded; nor is one whose account is gone. Returns how many were queued.
 */
export async function remindExpiringTaxCertificates({ db, clock }: Pick<AppServices, "db" | "clock">): Promise<number> {
  const now = clock();
  const today = utcDate(now);
  const due = await db
    .selectFrom("tax_exemption_certificates as c")
    .select("c.id")
    .where("c.status", "=", "approved")
    .where("c.expires_on", ">=", today)
    .where("c.expires_on", "<=", addDays(today, EXPIRY_NOTICE_DAYS))
    .where("c.expiry_reminder_queued_at", "is", null)
    .where("c.user_id", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("tax_exemption_certificates as renewal")
            .select("renewal.id")
            .whereRef("renewal.user_id", "=", "c.user_id")
            .whereRef("renewal.state", "=", "c.state")
            .whereRef("renewal.expires_on", ">", "c.expires_on")
            .where("renewal.status", "in", ["approved", "pending"]),
        ),
      ),
    )
    .orderBy("c.expires_on")
    .limit(BATCH)
    .execute();
  let queued = 0;
  for (const { id } of due) {
    const claimed = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("tax_exemption_certificates")
        .set({ expiry_reminder_queued_at: now.toISOString() })
        .where("id", "=", id)
        .where("expiry_reminder_queued_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await queueTaxExemptionMail(trx, { certificateId: id, kind: "tax-certificate-expiring", now });
      return true;
    });
    if (claimed) queued += 1;
  }
  return queued;
}
