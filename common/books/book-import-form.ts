import { z } from "zod";

/**
 * The books CSV import's form and its words, shared by the upload form and the server.
 * Client-safe: zod only.
 */

/** The upload's file field. */
export const BOOK_IMPORT_FILE_FIELD = "file";

/** The largest file taken; the route's body limit (server/http/body-limits.ts) sits just above it. */
export const BOOK_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const BOOK_IMPORT_TOO_LARGE_MESSAGE = "The file is too large: at most 5 MB.";
export const BOOK_IMPORT_NO_FILE_MESSAGE = "Please choose a CSV file to import.";

/**
 * The upload form as the browser checks it before posting: a file, neither empty nor too large.
 * The server streams the file instead (readFormWithUpload), with the same limit and messages.
 */
export const bookImportFileSchema = z.object({
  [BOOK_IMPORT_FILE_FIELD]: z
    .custom<Blob>((value) => value instanceof Blob && value.size > 0, BOOK_IMPORT_NO_FILE_MESSAGE)
    .refine((file) => file.size <= BOOK_IMPORT_MAX_BYTES, BOOK_IMPORT_TOO_LARGE_MESSAGE),
});

export interface BookImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

const books = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "book" : "books"}`;

/** "12 books added, 30 updated" (and how many were already up to date). */
export function bookImportSummary({ added, updated, unchanged }: BookImportCounts): string {
  const summary = `${books(added)} added, ${updated.toLocaleString("en-US")} updated`;
  return unchanged > 0 ? `${summary}, ${unchanged.toLocaleString("en-US")} unchanged.` : `${summary}.`;
}

/** The summary of a refused file; the problems come as the failure's field errors, keyed "Line 14, price". */
export function importProblemsMessage(count: number, more = false): string {
  if (more)
    return `The file has at least ${count.toLocaleString("en-US")} problems. Nothing was changed. The first ones:`;
  return count === 1
    ? "The file has 1 problem. Nothing was changed."
    : `The file has ${count.toLocaleString("en-US")} problems. Nothing was changed.`;
}
