import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** RFC 4180 line ending. */
const CRLF = "\r\n";

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
 * Every subscriber as CSV (`email,subscribed_at`), newest first. The whole list is built in
 * memory, which suits a newsletter list of a small shop's size.
 */
export async function exportSubscribersCsv(db: Kysely<Database>): Promise<string> {
  const rows = await db
    .selectFrom("email_subscribers")
    .select(["email", "subscribed_at"])
    .orderBy("subscribed_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return toCsv([["email", "subscribed_at"], ...rows.map((row) => [row.email, row.subscribed_at])]);
}

/** A download name that sorts by date, e.g. `subscribers-2025-07-03.csv`. */
export function subscribersCsvFileName(now = new Date()): string {
  return `subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
