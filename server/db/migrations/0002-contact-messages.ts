import type { Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * Messages sent through the Contact Us form. Each is stored before it is e-mailed, so a mail
 * failure loses nothing: `mail_sent_at` stays null until the store's address has been sent it.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("mail_sent_at", timestamp)
    .execute();
  await createColumnIndex(db, "contact_messages_created_at_idx", "contact_messages", ["created_at"]);
}
