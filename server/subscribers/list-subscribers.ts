import type { Timestamp } from "#server/db/schema.ts";
import { fetchNewestFirst, type Page, type PageRequest } from "#server/db/paging.ts";
import type { AppServices } from "#server/services.ts";

export interface SubscriberListItem {
  id: string;
  email: string;
  subscribedAt: Timestamp;
  /** Null while the address has not followed its confirmation link (status Pending). */
  confirmedAt: Timestamp | null;
}

/** Newsletter subscribers, pending and confirmed, newest first, one page at a time. */
export async function listSubscribers(
  { db }: Pick<AppServices, "db">,
  input: PageRequest = {},
): Promise<Page<SubscriberListItem>> {
  return fetchNewestFirst(
    input,
    db.selectFrom("email_subscribers"),
    (query) => query.select(["id", "email", "subscribed_at", "confirmed_at"]),
    { column: "subscribed_at", id: "id" },
    (row) => ({
      id: row.id,
      email: row.email,
      subscribedAt: row.subscribed_at,
      confirmedAt: row.confirmed_at,
    }),
  );
}
