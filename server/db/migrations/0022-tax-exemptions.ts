import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * Tax-exempt churches, schools and homeschool co-ops (issue 32, decision 30).
 *
 * `organisations`: the one organisation an account buys for (deleted with the account).
 * `tax_exemption_certificates`: a certificate per state, reviewed by staff. It keeps the
 * customer's address and the organisation's name as they were when it was sent, and outlives
 * the account (`user_id` set null): a seller keeps exemption certificates on file for audits.
 * At most one pending certificate per account and state (a partial unique index). Dates of
 * expiry are calendar days, `YYYY-MM-DD` text on both engines.
 * `tax_certificate_files`: the file's bytes (null when they live in the bucket), apart from the
 * certificate so that lists never read them.
 * `mail_outbox.tax_certificate_id`: the certificate mails go through the one outbox.
 */
export async function up(db: Kysely<unknown>, { engine, timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("organisations")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('church', 'school', 'homeschool_co_op')`))
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tax_exemption_certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("customer_email", "text", (c) => c.notNull())
    .addColumn("organisation_name", "text", (c) => c.notNull())
    .addColumn("organisation_kind", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("document_kind", "text", (c) =>
      c.notNull().check(sql`document_kind in ('state_certificate', 'streamlined')`),
    )
    .addColumn("certificate_number", "text", (c) => c.notNull())
    .addColumn("expires_on", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn("file_content_type", "text", (c) => c.notNull())
    .addColumn("file_byte_length", "integer", (c) => c.notNull().check(sql`file_byte_length > 0`))
    .addColumn("submitted_at", timestamp, (c) => c.notNull())
    .addColumn("reviewed_at", timestamp)
    .addColumn("reviewed_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("rejection_reason", "text")
    .addColumn("expiry_reminder_queued_at", timestamp)
    .execute();
  await db.schema
    .createIndex("tax_certificates_one_pending_idx")
    .unique()
    .on("tax_exemption_certificates")
    .columns(["user_id", "state"])
    .where(sql.ref("status"), "=", "pending")
    .execute();
  // An account's certificates (its page, the tax step's look-up).
  await createColumnIndex(db, "tax_certificates_user_state_idx", "tax_exemption_certificates", [
    "user_id",
    "state",
    "status",
  ]);
  // The back office's lists and the expiry reminders.
  await createColumnIndex(db, "tax_certificates_status_expiry_idx", "tax_exemption_certificates", [
    "status",
    "expires_on",
  ]);
  await createColumnIndex(db, "tax_certificates_status_submitted_idx", "tax_exemption_certificates", [
    "status",
    "submitted_at",
  ]);

  await db.schema
    .createTable("tax_certificate_files")
    .addColumn("certificate_id", "text", (c) =>
      c.primaryKey().references("tax_exemption_certificates.id").onDelete("cascade"),
    )
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("byte_length", "integer", (c) => c.notNull().check(sql`byte_length > 0`))
    .addColumn("data", engine === "sqlite" ? "blob" : "bytea")
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("mail_outbox")
    .addColumn("tax_certificate_id", "text", (c) => c.references("tax_exemption_certificates.id").onDelete("cascade"))
    .execute();
}
