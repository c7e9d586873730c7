import type { EnquiryKind } from "#common/contact/contact-fields.ts";
import type { Timestamp } from "#server/db/schema.ts";
import { countRows, fetchPage, newestFirst, type Page, type PageRequest } from "#server/db/paging.ts";
import type { AppServices } from "#server/services.ts";

export interface ContactMessageListItem {
  id: string;
  fullName: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Timestamp;
  /** Null when the e-mail to the store's address failed: the message exists only here. */
  mailSentAt: Timestamp | null;
  /** A church or school order enquiry, with the organisation's name when given. */
  enquiry: EnquiryKind | null;
  organisation: string | null;
}

/** Messages sent through the Contact Us form, newest first, one page at a time. */
export async function listContactMessages(
  { db }: Pick<AppServices, "db">,
  input: PageRequest = {},
): Promise<Page<ContactMessageListItem>> {
  return fetchPage(
    input,
    () => countRows(db.selectFrom("contact_messages")),
    async (range) => {
      const rows = await newestFirst(
        db.selectFrom("contact_messages").selectAll(),
        "created_at",
        "id",
        range,
      ).execute();
      return rows.map((row) => ({
        id: row.id,
        fullName: row.full_name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        createdAt: row.created_at,
        mailSentAt: row.mail_sent_at,
        enquiry: row.enquiry,
        organisation: row.organisation,
      }));
    },
  );
}
