import type { Kysely } from "kysely";
import { csvFileName, keysetCsvStream, CSV_PAGE_SIZE } from "#server/csv/csv-format.ts";
import type { Database } from "#server/db/schema.ts";

export const SUBSCRIBERS_CSV_HEADER = ["email", "subscribed_at", "status", "confirmed_at"] as const;

/**
 * Every subscriber as CSV (`email,subscribed_at,status,confirmed_at`), newest first, streamed
 * page by page (server/csv/csv-format.ts). `onClose` runs once when the stream ends, fails or is
 * cancelled (the client went away).
 */
export function subscribersCsvStream(
  { db }: { db: Kysely<Database> },
  { pageSize = CSV_PAGE_SIZE, onClose }: { pageSize?: number; onClose?: () => void } = {},
): ReadableStream<Uint8Array> {
  return keysetCsvStream({
    header: SUBSCRIBERS_CSV_HEADER,
    pageSize,
    onClose,
    async fetchPage(cursor: { subscribedAt: string; id: string } | null, limit) {
      let query = db
        .selectFrom("email_subscribers")
        .select(["id", "email", "subscribed_at", "confirmed_at"])
        .orderBy("subscribed_at", "desc")
        .orderBy("id", "desc")
        .limit(limit);
      if (cursor) {
        // A row-value comparison: both engines walk the (subscribed_at, id) index from the cursor on.
        query = query.where((eb) =>
          eb(eb.refTuple("subscribed_at", "id"), "<", eb.tuple(cursor.subscribedAt, cursor.id)),
        );
      }
      return query.execute();
    },
    cursorOf: (row) => ({ subscribedAt: row.subscribed_at, id: row.id }),
    toFields: (row) => [
      row.email,
      row.subscribed_at,
      row.confirmed_at === null ? "pending" : "confirmed",
      row.confirmed_at ?? "",
    ],
  });
}

/** A download name that sorts by date, e.g. `subscribers-2025-07-03.csv`. */
export function subscribersCsvFileName(now: Date): string {
  return csvFileName("subscribers", now);
}
