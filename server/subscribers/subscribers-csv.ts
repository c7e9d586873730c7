import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** RFC 4180 line ending. */
const CRLF = "\r\n";

/** Rows per query of the export: small enough that no query holds the event loop or much memory. */
export const CSV_PAGE_SIZE = 1000;

export const SUBSCRIBERS_CSV_HEADER = ["email", "subscribed_at", "status", "confirmed_at"] as const;

/**
 * One CSV field. Text a spreadsheet would run as a formula (leading = + - @, tab or carriage
 * return) gets a leading single quote, so opening the export cannot execute anything a visitor
 * typed into the subscribe form. Then RFC 4180 quoting: fields with a comma, quote or line
 * break are wrapped in double quotes, with inner quotes doubled.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of fields as CSV text, each record ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(",") + CRLF).join("");
}

/**
 * Every subscriber as CSV (`email,subscribed_at,status,confirmed_at`), newest first, as a stream
 * of chunks: one keyset-paged query of `pageSize` rows per chunk, read only when the client takes
 * the previous one. So a list of any size never sits in memory whole, and no single step holds
 * the server for long. `onClose` runs once when the stream ends, fails or is cancelled (the
 * client went away).
 */
export function subscribersCsvStream(
  db: Kysely<Database>,
  { pageSize = CSV_PAGE_SIZE, onClose }: { pageSize?: number; onClose?: () => void } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { subscribedAt: string; id: string } | null = null;
  let headerSent = false;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    onClose?.();
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!headerSent) {
            headerSent = true;
            controller.enqueue(encoder.encode(toCsv([SUBSCRIBERS_CSV_HEADER])));
            return;
          }
          const cursor = after;
          let query = db
            .selectFrom("email_subscribers")
            .select(["id", "email", "subscribed_at", "confirmed_at"])
            .orderBy("subscribed_at", "desc")
            .orderBy("id", "desc")
            .limit(pageSize);
          if (cursor) {
            // A row-value comparison: both engines walk the (subscribed_at, id) index from the cursor on.
            query = query.where((eb) =>
              eb(eb.refTuple("subscribed_at", "id"), "<", eb.tuple(cursor.subscribedAt, cursor.id)),
            );
          }
          const rows = await query.execute();
          if (closed) return;
          if (rows.length > 0) {
            const last = rows.at(-1)!;
            after = { subscribedAt: last.subscribed_at, id: last.id };
            controller.enqueue(
              encoder.encode(
                toCsv(
                  rows.map((row) => [
                    row.email,
                    row.subscribed_at,
                    row.confirmed_at === null ? "pending" : "confirmed",
                    row.confirmed_at ?? "",
                  ]),
                ),
              ),
            );
          }
          if (rows.length < pageSize) {
            controller.close();
            close();
          }
        } catch (error) {
          close();
          controller.error(error);
        }
      },
      cancel() {
        close();
      },
    },
    // Pull the next page only once the previous chunk has been taken.
    { highWaterMark: 0 },
  );
}

/** A download name that sorts by date, e.g. `subscribers-2025-07-03.csv`. */
export function subscribersCsvFileName(now = new Date()): string {
  return `subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
