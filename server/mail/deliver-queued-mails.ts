import type { Kysely } from "kysely";
import type { Env } from "#server/config/env.ts";
import type { Database } from "#server/db/schema.ts";
import { renderFreeStoryMail, type FreeStoryMailDeps } from "#server/free-story/free-story-mail.ts";
import type { Logger } from "#server/logging/logger.ts";
import { invoiceMailWithinCap, type InvoiceMailCapDeps } from "#server/orders/invoice-mail-cap.ts";
import { renderOrderMail } from "#server/orders/order-mails.ts";
import type { Clock } from "#server/services.ts";
import { renderReturnClaimMail } from "#server/returns/return-claim-mails.ts";
import { renderTaxExemptionMail } from "#server/tax-exemptions/tax-exemption-mails.ts";
import {
  FREE_STORY_MAIL_KIND,
  isReturnClaimMailKind,
  isTaxExemptionMailKind,
  ORDER_MAIL_KINDS,
  type OrderMailKind,
} from "./mail-outbox.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";

export interface DeliverMailDeps extends InvoiceMailCapDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  env: Pick<Env, "PUBLIC_URL">;
  /** Where the free story's file is. */
  privateFiles: FreeStoryMailDeps["privateFiles"];
}

/** Waits after the 1st, 2nd, 3rd, 4th failure; hourly after that. */
const RETRY_MINUTES = [1, 5, 15, 60];
/** A mail still failing this long after it was queued is given up on (an error log line says so). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * A claimed row is due again after this long: a server that died while sending does not keep
 * its claim forever (nodemailer's own timeouts end a stuck send well before).
 */
const CLAIM_MS = 10 * 60 * 1000;
const BATCH = 20;
const CAPPED = "not sent: the recipient's daily cap of invoice-order e-mails was reached";

export function retryDelayMs(failures: number): number {
  return (RETRY_MINUTES[failures - 1] ?? 60) * 60 * 1000;
}

/**
 * Sends the due mails of the outbox (order mails, the tax exemption certificates' and the return claims' mails).
 * Each row is claimed by a conditional write (its `next_attempt_at` moved ahead, only if it still
 * holds the value read), so two instances, or two runs, never send one mail twice. A sent mail
 * gets `sent_at`; a failure records the error and the next attempt after a growing wait; after a
 * day it is given up with an error line.
 * The order itself is never touched: a failing mail server blocks nothing. An invoice order's
 * mail to a recipient past its daily cap (invoice-mail-cap.ts) is set aside unsent, once, on its
 * first attempt. Returns how many mails were sent and how many attempts failed.
 */
export async function deliverQueuedMails(deps: DeliverMailDeps): Promise<{ sent: number; failed: number }> {
  const now = deps.clock();
  const due = await deps.db
    .selectFrom("mail_outbox")
    .select([
      "id",
      "kind",
      "order_id",
      "tax_certificate_id",
      "return_claim_id",
      "recipient",
      "attempts",
      "next_attempt_at",
      "created_at",
    ])
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .limit(BATCH)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    const claimed = await deps.db
      .updateTable("mail_outbox")
      .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: row.attempts + 1 })
      .where("id", "=", row.id)
      .where("sent_at", "is", null)
      .where("next_attempt_at", "=", row.next_attempt_at)
      .where("attempts", "=", row.attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const attempts = row.attempts + 1;
    try {
      let mail: OutgoingMail | null;
      if (isTaxExemptionMailKind(row.kind) && row.tax_certificate_id) {
        mail = await renderTaxExemptionMail(deps, { kind: row.kind, certificateId: row.tax_certificate_id });
      } else if (isReturnClaimMailKind(row.kind) && row.return_claim_id) {
        mail = await renderReturnClaimMail(deps, { kind: row.kind, claimId: row.return_claim_id });
      } else if (row.kind === FREE_STORY_MAIL_KIND && row.recipient) {
        mail = await renderFreeStoryMail(deps, { recipient: row.recipient });
      } else {
        if (!isOrderMailKind(row.kind) || !row.order_id) throw new Error(`unknown mail kind ${row.kind}`);
        if (row.attempts === 0 && !(await invoiceMailWithinCap(deps, { kind: row.kind, orderId: row.order_id }))) {
          await deps.db
            .updateTable("mail_outbox")
            .set({ failed_at: now.toISOString(), last_error: CAPPED })
            .where("id", "=", row.id)
            .execute();
          deps.logger.warn({ mailId: row.id, kind: row.kind, orderId: row.order_id }, CAPPED);
          continue;
        }
        mail = await renderOrderMail(deps, { kind: row.kind, orderId: row.order_id });
      }
      if (mail) await deps.mailer.send(mail);
      // A recipient is kept only until its mail is sent: the shop holds no list of who asked.
      await deps.db
        .updateTable("mail_outbox")
        .set({ sent_at: deps.clock().toISOString(), last_error: null, recipient: null })
        .where("id", "=", row.id)
        .execute();
      sent += 1;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = now.getTime() - new Date(row.created_at).getTime() >= GIVE_UP_AFTER_MS;
      await deps.db
        .updateTable("mail_outbox")
        .set({
          last_error: message.slice(0, 500),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
          failed_at: giveUp ? now.toISOString() : null,
          ...(giveUp ? { recipient: null } : {}),
        })
        .where("id", "=", row.id)
        .execute();
      const fields = { err: error, mailId: row.id, kind: row.kind, orderId: row.order_id, attempts };
      if (giveUp) deps.logger.error(fields, "queued mail given up after a day of failures");
      else deps.logger.warn(fields, "queued mail not sent; will retry");
    }
  }
  return { sent, failed };
}

function isOrderMailKind(kind: string): kind is OrderMailKind {
  return (ORDER_MAIL_KINDS as readonly string[]).includes(kind);
}
