import { setImmediate } from "node:timers/promises";

/**
 * The one CSV writer of the shop (every export goes through it) and the reader's undo of its
 * formula guard. RFC 4180 text: CRLF after every record, fields quoted only when needed.
 */

/** RFC 4180 line ending. */
const CRLF = "\r\n";

/** Rows per query of a streamed export: small enough that no query holds the event loop or much memory. */
export const CSV_PAGE_SIZE = 1000;

// A spreadsheet runs text starting with = + - @ (and tab or CR, which some strip first) as a
// formula. Leading quotes are part of the pattern so that text which already starts with a quote
// before such a character gets one more: the reader then removes exactly one, and every value
// round-trips (see csvValue).
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * One CSV field. Text a spreadsheet would run as a formula gets a leading single quote, so opening
 * an export cannot execute anything a visitor or customer typed. Then RFC 4180 quoting: fields
 * with a comma, quote or line break are wrapped in double quotes, with inner quotes doubled.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of fields as CSV text, each record ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(",") + CRLF).join("");
}

/**
 * A field as read back from a parsed CSV: the single quote csvField put before a formula-like
 * value is removed, so an export imported again gives the original text.
 */
export function csvValue(field: string): string {
  return field.startsWith("'") && FORMULA_START.test(field) ? field.slice(1) : field;
}

/** A download name that sorts by date, e.g. `orders-2025-07-03.csv`. */
export function csvFileName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

export interface KeysetCsvOptions<Row, Cursor> {
  header: readonly string[];
  /** The next page after `cursor` (null: the first page), at most `limit` rows. */
  fetchPage(cursor: Cursor | null, limit: number): Promise<Row[]>;
  /** The cursor that comes after `row` (the last row of a page). */
  cursorOf(row: Row): Cursor;
  /** One row's fields, as text (csvField quotes and guards them). */
  toFields(row: Row): readonly string[];
  pageSize?: number;
  /** Runs once when the stream ends, fails or is cancelled (the client went away). */
  onClose?: () => void;
}

/**
 * A CSV export as a stream of chunks: the header, then one keyset-paged query of `pageSize` rows
 * per chunk, read only when the client takes the previous one, each after a turn of the event
 * loop. So a table of any size never sits in memory whole, and no single step holds the server
 * for long.
 */
export function keysetCsvStream<Row, Cursor>(options: KeysetCsvOptions<Row, Cursor>): ReadableStream<Uint8Array> {
  const { header, fetchPage, cursorOf, toFields, pageSize = CSV_PAGE_SIZE, onClose } = options;
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
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
            controller.enqueue(encoder.encode(toCsv([header])));
            return;
          }
          // A turn for the event loop first: on SQLite a page's query runs synchronously and the
          // client may take chunks as fast as they come, so without it a whole export runs
          // before any other request (a health check, a page view) is read.
          await setImmediate();
          if (closed) return;
          const rows = await fetchPage(cursor, pageSize);
          if (closed) return;
          if (rows.length > 0) {
            cursor = cursorOf(rows.at(-1)!);
            controller.enqueue(encoder.encode(toCsv(rows.map(toFields))));
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

/** The headers of a CSV download; no shared or browser cache may keep a copy (people's data). */
export function csvDownloadHeaders(fileName: string): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  };
}
