import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { csvFileName, keysetCsvStream, CSV_PAGE_SIZE } from "#server/csv/csv-format.ts";
import type { Database } from "#server/db/schema.ts";
import { toBook } from "./book.ts";
import {
  BOOK_FIELDS,
  bookFormSchema,
  bookToFormValues,
  type BookField,
  type BookFormValues,
} from "#common/books/book-schema.ts";
import { checkForm } from "#common/forms/check-form.ts";

/**
 * The columns of the books CSV, export and import alike, each with the Add/Edit Book form field
 * it holds: a value is written as the form shows it (bookToFormValues) and read back through the
 * form's own schema. `id` and `slug` name the book; `cover_url` and `created_at` are written for
 * reference and ignored on import (covers are uploaded in the book form).
 * A new form field becomes a column by adding one entry here (e.g. `["tags", "tags"]`).
 */
export const BOOK_CSV_FIELD_COLUMNS: readonly (readonly [header: string, field: BookField])[] = [
  ["title", "title"],
  ["author", "author"],
  ["description", "description"],
  ["price", "price"],
  ["original_price", "originalPrice"],
  ["badge", "badge"],
  ["rating", "rating"],
  ["reviews", "reviews"],
  ["age_range", "ageRange"],
  ["age_min", "ageMin"],
  ["age_max", "ageMax"],
  ["stock", "stock"],
  ["tags", "tags"],
];

/** Columns that identify the book. */
export const BOOK_CSV_KEY_COLUMNS = ["id", "slug"] as const;
/**
 * The stock when the file was exported, beside `stock`: orders take stock between an export and
 * its import, so an import changes a book's stock only where `stock` differs from this, and only
 * if the stock is still what was exported (import-books-csv.ts). A file without it sets `stock`
 * as written.
 */
export const BOOK_CSV_STOCK_AT_EXPORT = "stock_at_export";
/**
 * A fingerprint of the book's fields (all but stock) and slug as exported. An import compares it
 * with the line and with the book now: a line left as exported is not written (the shop may
 * have saved the book since: writing the file's copy would undo that), and a line changed in the
 * file is refused if the book was also changed in the shop (import-books-csv.ts). A file
 * without it is imported as written.
 */
export const BOOK_CSV_FIELDS_AT_EXPORT = "fields_at_export";
/** Written for reference only; an import accepts and ignores them. */
export const BOOK_CSV_INFO_COLUMNS = ["cover_url", "created_at"] as const;

export const BOOKS_CSV_HEADER: readonly string[] = [
  ...BOOK_CSV_KEY_COLUMNS,
  ...BOOK_CSV_FIELD_COLUMNS.map(([header]) => header),
  BOOK_CSV_STOCK_AT_EXPORT,
  BOOK_CSV_FIELDS_AT_EXPORT,
  ...BOOK_CSV_INFO_COLUMNS,
];

/**
 * Every book as CSV (BOOKS_CSV_HEADER), oldest first, streamed one keyset-paged query per chunk
 * (server/csv/csv-format.ts). Prices are decimals in the store's currency, as the form takes them.
 */
export function booksCsvStream(
  deps: { db: Kysely<Database> },
  input: { pageSize?: number; onClose?: () => void } = {},
): ReadableStream<Uint8Array> {
  const { db } = deps;
  return keysetCsvStream({
    header: BOOKS_CSV_HEADER,
    pageSize: input.pageSize ?? CSV_PAGE_SIZE,
    onClose: input.onClose,
    async fetchPage(cursor: { createdAt: string; id: string } | null, limit) {
      const rows = await db
        .selectFrom("books")
        .selectAll()
        // Walks the (created_at, id) index from the cursor on.
        .$if(cursor !== null, (qb) =>
          qb.where((eb) => eb(eb.refTuple("created_at", "id"), ">", eb.tuple(cursor!.createdAt, cursor!.id))),
        )
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(toBook);
    },
    cursorOf: (book) => ({ createdAt: book.createdAt, id: book.id }),
    toFields: (book) => {
      const values = bookToFormValues(book);
      return [
        book.id,
        book.slug,
        ...BOOK_CSV_FIELD_COLUMNS.map(([, field]) => values[field]),
        values.stock,
        bookFieldsFingerprint(values, book.slug),
        book.imageUrl ?? "",
        book.createdAt,
      ];
    },
  });
}

/**
 * `fields_at_export` of a book whose form values are `values`: what the form's schema reads from
 * them (so "12.5" and "12.50" are the same price), stock left out (it has its own column), with
 * the slug. Empty for values the schema refuses (a row written outside the shop).
 */
export function bookFieldsFingerprint(values: BookFormValues, slug: string): string {
  const checked = checkForm(bookFormSchema, { ...values, stock: "" }, BOOK_FIELDS);
  if (!checked.success) return "";
  // Line breaks as a spreadsheet may rewrite them (a browser's form sends CRLF) are no change.
  return createHash("sha256")
    .update(JSON.stringify([checked.data, slug]).replace(/\\r\\n|\\r/g, "\\n"))
    .digest("base64url")
    .slice(0, 22);
}

/** `books-2025-07-03.csv`. */
export function booksCsvFileName(now: Date): string {
  return csvFileName("books", now);
}
