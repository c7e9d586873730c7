import { sql } from "kysely";
import type { EnquiryKind } from "#common/contact/contact-fields.ts";
import type { Timestamp } from "#server/db/schema.ts";
import { fetchNewestFirst, type Page, type SearchPageRequest } from "#server/db/paging.ts";
import { containsIgnoringCase, normalizeSearch } from "#server/db/search-pattern.ts";
import type { AppServices } from "#server/services.ts";

/** How much of a message the list shows; the details show it whole. */
export const MESSAGE_PREVIEW_LENGTH = 140;

export interface ContactMessageListItem {
  id: string;
  fullName: string;
  email: string;
  subject: string;
  /** The message's first MESSAGE_PREVIEW_LENGTH characters. */
  preview: string;
  /** Whether the message is longer than its preview. */
  truncated: boolean;
  createdAt: Timestamp;
  /** Null when the e-mail to the store's address failed: the message exists only here. */
  mailSentAt: Timestamp | null;
  /** A church or school order enquiry, with the organisation's name when given. */
  enquiry: EnquiryKind | null;
  organisation: string | null;
}

/**
 * Messages sent through the Contact Us form, newest first, one page at a time (the created_at
 * index; a search reads the table once, as the other admin searches do), each cut to a preview.
 * `search` is matched case-insensitively against the sender's name and e-mail address and the
 * subject.
 */
export async function listContactMessages(
  { db }: Pick<AppServices, "db">,
  input: SearchPageRequest = {},
): Promise<Page<ContactMessageListItem>> {
  const search = normalizeSearch(input.search);
  const base = db
    .selectFrom("contact_messages")
    .$if(search !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          containsIgnoringCase("contact_messages.full_name", search!),
          containsIgnoringCase("contact_messages.email", search!),
          containsIgnoringCase("contact_messages.subject", search!),
        ]),
      ),
    );
  return fetchNewestFirst(
    input,
    base,
    (query) =>
      query.select([
        "id",
        "full_name",
        "email",
        "subject",
        // One more character than shown: whether there is more, without reading it all.
        sql<string>`substr(message, 1, ${MESSAGE_PREVIEW_LENGTH + 1})`.as("head"),
        "created_at",
        "mail_sent_at",
        "enquiry",
        "organisation",
      ]),
    { column: "created_at", id: "id" },
    (row) => {
      // Characters as both engines' substr counts them (code points, not UTF-16 halves).
      const head = Array.from(row.head);
      return {
        id: row.id,
        fullName: row.full_name,
        email: row.email,
        subject: row.subject,
        preview: head.slice(0, MESSAGE_PREVIEW_LENGTH).join(""),
        truncated: head.length > MESSAGE_PREVIEW_LENGTH,
        createdAt: row.created_at,
        mailSentAt: row.mail_sent_at,
        enquiry: row.enquiry,
        organisation: row.organisation,
      };
    },
  );
}
