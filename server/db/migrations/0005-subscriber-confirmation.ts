import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * Double opt-in for the newsletter: an address counts as subscribed once its owner has followed
 * the confirmation link (`confirmed_at`). Rows from before this change subscribed under the old
 * single opt-in and stay on the list: they count as confirmed when they subscribed.
 * `confirmation_sent_at` remembers the last confirmation e-mail, so subscribing a pending address
 * again re-sends it at most once per interval (nobody can flood a mailbox through our form).
 * The (subscribed_at, id) index serves the newest-first list and the export's keyset pages.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema.alterTable("email_subscribers").addColumn("confirmed_at", timestamp).execute();
  await db.schema.alterTable("email_subscribers").addColumn("confirmation_sent_at", timestamp).execute();
  await sql`update email_subscribers set confirmed_at = subscribed_at`.execute(db);
  await createColumnIndex(db, "email_subscribers_subscribed_at_id_idx", "email_subscribers", ["subscribed_at", "id"]);
  await db.schema.dropIndex("email_subscribers_subscribed_at_idx").execute();
}
