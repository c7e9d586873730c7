import type { Kysely } from "kysely";

/**
 * Church and school order enquiries arrive through the Contact Us form (opened from the For
 * Churches and For Schools pages): the kind of enquiry and the organisation's name, null for an
 * ordinary message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("enquiry", "text").execute();
  await db.schema.alterTable("contact_messages").addColumn("organisation", "text").execute();
}
