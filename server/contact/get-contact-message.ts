import type { EnquiryKind } from "#common/contact/contact-fields.ts";
import type { Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";

/** What the admin "Message" dialog shows: the message whole. */
export interface ContactMessageDetails {
  id: string;
  fullName: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Timestamp;
  mailSentAt: Timestamp | null;
  enquiry: EnquiryKind | null;
  organisation: string | null;
}

/** One Contact Us message by id; NOT_FOUND for an unknown one. */
export async function getContactMessage(
  { db }: Pick<AppServices, "db">,
  { messageId }: { messageId: string },
): Promise<ContactMessageDetails> {
  const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", messageId).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "This message could not be found.");
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    mailSentAt: row.mail_sent_at,
    enquiry: row.enquiry,
    organisation: row.organisation,
  };
}
