import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import type { Kysely, Transaction } from "kysely";
import { csvValue } from "#server/csv/csv-format.ts";
import type { BookRow, Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Clock } from "#server/services.ts";
import { bookColumns, toBook } from "./book.ts";
import { importProblemsMessage, type BookImportCounts } from "#common/books/book-import-form.ts";
import {
  BOOK_FIELDS,
  bookFormSchema,
  bookToFormValues,
  stockCount,
  type BookFormValues,
  type BookInput,
} from "#common/books/book-schema.ts";
import { slugifyTitle } from "./book-slug.ts";
import {
  BOOK_CSV_FIELD_COLUMNS,
  BOOK_CSV_INFO_COLUMNS,
  BOOK_CSV_KEY_COLUMNS,
  BOOK_CSV_FIELDS_AT_EXPORT,
  BOOK_CSV_STOCK_AT_EXPORT,
  bookFieldsFingerprint,
} from "./books-csv.ts";
import { checkForm } from "#common/forms/check-form.ts";

/** Limits of one import; the file's size (BOOK_IMPORT_MAX_BYTES) is bounded by the route. */
export const BOOK_IMPORT_LIMITS = {
  maxRows: 10_000,
  /** Characters of one record: a description of 5,000 characters and the rest fit many times over. */
  maxRecordChars: 100_000,
  /** Problems listed back; the count says how many there were. */
  maxReportedErrors: 100,
} as const;

/** Columns a new book cannot do without (the form's required fields). */
const REQUIRED_COLUMNS = ["title", "author", "description", "price"];
const KNOWN_COLUMNS = new Set<string>([
  ...BOOK_CSV_KEY_COLUMNS,
  ...BOOK_CSV_FIELD_COLUMNS.map(([header]) => header),
  BOOK_CSV_STOCK_AT_EXPORT,
  BOOK_CSV_FIELDS_AT_EXPORT,
  ...BOOK_CSV_INFO_COLUMNS,
]);
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 100;
const UNKNOWN_ID_MESSAGE =
  "No book has this id: it may have been deleted since the export, or come from another shop. Leave the id empty to add this line as a new book.";
/** Rows per insert and per look-up: far below either engine's limit on bound parameters. */
const BATCH = 200;

export type ImportBooksResult = BookImportCounts;

/** One problem of the file, located for the person fixing it: "Line 14, price: …". */
export interface ImportProblem {
  line: number;
  column?: string;
  message: string;
}

interface FileRow {
  line: number;
  id: string | null;
  slug: string | null;
  /** Only the columns the file has: a missing column keeps an existing book's value. */
  values: Partial<BookFormValues>;
  book: BookInput;
  /** The row's `stock_at_export`: undefined without that column, null for untracked stock. */
  stockAtExport: number | null | undefined;
  /** The row's `fields_at_export`: undefined without that column or value. */
  fieldsAtExport: string | undefined;
}

class Problems {
  readonly list: ImportProblem[] = [];
  add(line: number, column: string | undefined, message: string) {
    this.list.push(column === undefined ? { line, message } : { line, column, message });
  }
  get full() {
    return this.list.length >= BOOK_IMPORT_LIMITS.maxReportedErrors;
  }
  throwIfAny(): void {
    if (this.list.length === 0) return;
    const fieldErrors: Record<string, string> = {};
    for (const problem of this.list.slice(0, BOOK_IMPORT_LIMITS.maxReportedErrors)) {
      const key = problem.column ? `Line ${problem.line}, ${problem.column}` : `Line ${problem.line}`;
      // Several problems of one place (the header) read as one text.
      fieldErrors[key] = fieldErrors[key] ? `${fieldErrors[key]} ${problem.message}` : problem.message;
    }
    // Checking stops once the list is full: there may be more than it says.
    throw new AppError("VALIDATION", importProblemsMessage(this.list.length, this.full), {
      fieldErrors,
      reason: "import-problems",
    });
  }
}

/** The parser's errors in words for the person who saved the file. */
function parserMessage(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "A quoted value is never closed: a double quote is missing.";
    case "INVALID_OPENING_QUOTE":
      return "A double quote appears inside a value that is not quoted. Quote the value and double its quotes.";
    case "CSV_INVALID_CLOSING_QUOTE":
      return "A quoted value has text after its closing quote.";
    case "CSV_MAX_RECORD_SIZE":
      return "This record is too long.";
    default:
      return "This line could not be read as CSV.";
  }
}

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Reads the file's records with their first line numbers; stops at the row limit. A parser
 * error becomes one problem at its line (nothing after it can be trusted).
 */
async function readRecords(source: Readable, problems: Problems): Promise<{ line: number; record: string[] }[] | null> {
  const parser = source.pipe(
    parse({
      bom: true,
      info: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: BOOK_IMPORT_LIMITS.maxRecordChars,
    }),
  );
  const records: { line: number; record: string[] }[] = [];
  // Lines inside quoted values of earlier records: each record's first line is counted from them.
  let breaksBefore = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { empty_lines: number } }>) {
      const line = 1 + records.length + info.empty_lines + breaksBefore;
      breaksBefore += record.reduce((sum, field) => sum + lineBreaks(field), 0);
      if (records.length > BOOK_IMPORT_LIMITS.maxRows) {
        problems.add(
          line,
          undefined,
          `The file has more than ${BOOK_IMPORT_LIMITS.maxRows.toLocaleString("en-US")} books. Please split it into smaller files.`,
        );
        source.destroy();
        return null;
      }
      records.push({ line, record });
    }
  } catch (error) {
    source.destroy();
    if (!(error instanceof CsvError)) throw error;
    problems.add(Math.max(1, Number(error.lines) || 1), undefined, parserMessage(error));
    return null;
  }
  return records;
}

/** The header's column positions, or null after recording what is wrong with it. */
function readHeader(header: string[] | undefined, problems: Problems): Map<string, number> | null {
  if (!header || (header.length === 1 && header[0]!.trim() === "")) {
    problems.add(1, undefined, "The file is empty. The first line must name the columns, e.g. title,author,price.");
    return null;
  }
  const columns = new Map<string, number>();
  header.forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (!KNOWN_COLUMNS.has(name)) {
      problems.add(
        1,
        undefined,
        `Unknown column "${raw.slice(0, 40)}". The columns are: ${[...KNOWN_COLUMNS].join(", ")}.`,
      );
    } else if (columns.has(name)) {
      problems.add(1, undefined, `The column "${name}" appears twice.`);
    } else {
      columns.set(name, index);
    }
  });
  for (const name of REQUIRED_COLUMNS) {
    if (!columns.has(name)) problems.add(1, undefined, `The column "${name}" is missing.`);
  }
  return problems.list.length === 0 ? columns : null;
}

/** Checks one record with the book form's schema; the row, or null after recording its problems. */
function readRow(
  line: number,
  record: string[],
  header: string[],
  columns: Map<string, number>,
  problems: Problems,
): FileRow | null {
  const before = problems.list.length;
  if (record.length !== header.length) {
    problems.add(line, undefined, `Expected ${header.length} values (one per column), found ${record.length}.`);
    return null;
  }
  const cell = (name: string): string | undefined => {
    const index = columns.get(name);
    return index === undefined ? undefined : csvValue(record[index]!);
  };
  for (const name of columns.keys()) {
    const value = cell(name)!;
    if (value.includes("\u0000")) problems.add(line, name, "Contains a character that is not allowed.");
    else if (value.includes("\uFFFD")) {
      problems.add(line, name, "Contains characters that are not UTF-8 text. Save the file as “CSV UTF-8”.");
    }
  }
  const id = cell("id")?.trim() || null;
  const slug = cell("slug")?.trim() || null;
  if (id !== null && !ID_PATTERN.test(id)) {
    problems.add(line, "id", "Must be a book id from an export (letters, digits, - and _), or empty for a new book.");
  }
  if (slug !== null && (!SLUG_PATTERN.test(slug) || slug.length > SLUG_MAX_LENGTH)) {
    problems.add(line, "slug", "Must be lower-case letters and digits joined by hyphens, e.g. noahs-ark, or empty.");
  }
  const stockAtExportCell = cell(BOOK_CSV_STOCK_AT_EXPORT);
  const stockAtExport = stockAtExportCell === undefined ? undefined : stockCount(stockAtExportCell);
  if (stockAtExportCell !== undefined && stockAtExport === undefined) {
    problems.add(line, BOOK_CSV_STOCK_AT_EXPORT, "Must be the stock as exported: a whole number, or empty.");
  }
  const values: Partial<BookFormValues> = {};
  for (const [header, field] of BOOK_CSV_FIELD_COLUMNS) {
    const value = cell(header);
    if (value !== undefined) values[field] = value;
  }
  // Checked as a new book here (all fields); an update is checked again with its kept values.
  const checked = checkForm(bookFormSchema, { ...bookToFormValues(), ...values }, BOOK_FIELDS);
  if (!checked.success) {
    for (const [header, field] of BOOK_CSV_FIELD_COLUMNS) {
      const message = checked.fieldErrors[field];
      if (message) problems.add(line, header, message);
    }
  }
  if (problems.list.length > before || !checked.success) return null;
  const fieldsAtExport = cell(BOOK_CSV_FIELDS_AT_EXPORT)?.trim() || undefined;
  return { line, id, slug, values, book: checked.data, stockAtExport, fieldsAtExport };
}

/** The stored books the file's lines name, by id and by slug, looked up a batch of keys at a time. */
async function existingBooks(trx: Transaction<Database>, rows: FileRow[]) {
  const byId = new Map<string, BookRow>();
  const bySlug = new Map<string, BookRow>();
  for (const key of ["id", "slug"] as const) {
    const values = [...new Set(rows.flatMap((row) => (row[key] ? [row[key]] : [])))];
    for (let i = 0; i < values.length; i += BATCH) {
      const found = await trx
        .selectFrom("books")
        .selectAll()
        .where(key, "in", values.slice(i, i + BATCH))
        .execute();
      for (const book of found) {
        byId.set(book.id, book);
        bySlug.set(book.slug, book);
      }
    }
  }
  return { byId, bySlug };
}

/** The title's slug, or the first of slug-2, slug-3… that is not `taken` (every book's and this file's). */
function freeSlug(title: string, taken: Set<string>): string {
  const base = slugifyTitle(title);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

type Plan =
  | { kind: "insert"; row: BookRow }
  /** `stockGuard`: the stock the book must still have for a stock change to be written. */
  | { kind: "update"; id: string; changes: Partial<BookRow>; stockGuard?: number | null | undefined }
  | { kind: "unchanged" };

const sameBook = (a: BookInput, b: BookInput) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Imports a books CSV (the columns of books-csv.ts; `title`, `author`, `description` and `price`
 * required, the rest optional and in any order). Every row is checked with the Add/Edit Book
 * form's schema, and problems are reported by line and column; unless the whole file is valid
 * nothing changes (VALIDATION with the problems as field errors, keyed "Line 14, price").
 * A row names an existing book by `id`, else by `slug`: that book is updated (a column the file
 * lacks keeps its value; the cover stays); an `id` that names no book is refused. Other rows are
 * added with an id the shop makes (and the row's slug when given, else one from the title; no
 * cover). A row equal to its book changes nothing, so importing an
 * unchanged export changes nothing. One transaction for the whole file.
 */
export async function importBooksCsv(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { source: Readable | string | Buffer },
): Promise<ImportBooksResult> {
  const source =
    typeof input.source === "string" || Buffer.isBuffer(input.source)
      ? Readable.from([Buffer.from(input.source)])
      : input.source;
  const problems = new Problems();
  const records = await readRecords(source, problems);
  problems.throwIfAny();
  const [first, ...body] = records!;
  const header = first?.record;
  const columns = readHeader(header, problems);
  problems.throwIfAny();
  if (body.length === 0) {
    problems.add(2, undefined, "The file has no books below its header line.");
    problems.throwIfAny();
  }
  const rows: FileRow[] = [];
  for (const [index, { line, record }] of body.entries()) {
    // Checking 10,000 rows takes a while: let other requests in between every few hundred.
    if (index % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    const row = readRow(line, record, header!, columns!, problems);
    if (row) rows.push(row);
    if (problems.full) break;
  }
  problems.throwIfAny();

  const now = deps.clock().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const { byId, bySlug } = await existingBooks(trx, rows);
    const targetLine = new Map<string, number>();
    const slugLine = new Map<string, number>();
    const plans: Plan[] = [];
    for (const row of rows) {
      // Ids are the shop's to make: one naming no book (deleted since the export, or another
      // shop's) would otherwise add a book under an id of the file's choosing.
      if (row.id !== null && !byId.has(row.id)) {
        problems.add(row.line, "id", UNKNOWN_ID_MESSAGE);
        continue;
      }
      const current = row.id !== null ? byId.get(row.id) : row.slug !== null ? bySlug.get(row.slug) : undefined;
      const key = current?.id ?? row.id;
      if (key) {
        const earlier = targetLine.get(key);
        if (earlier !== undefined) {
          problems.add(row.line, undefined, `This is the same book as line ${earlier}.`);
          continue;
        }
        targetLine.set(key, row.line);
      }
      let slug = row.slug ?? current?.slug ?? null;
      const values = { ...row.values };
      const existing = current ? bookToFormValues(toBook(current)) : undefined;
      // A file without the age columns (exported before them, or written by hand) that changes a
      // book's age range: its ages follow the new label, as in the book form with them left empty.
      if (
        existing &&
        values.ageRange !== undefined &&
        values.ageMin === undefined &&
        values.ageMax === undefined &&
        values.ageRange.trim() !== existing.ageRange
      ) {
        values.ageMin = "";
        values.ageMax = "";
      }
      if (current && existing && row.fieldsAtExport !== undefined) {
        // Before the slug's checks: a line left as exported keeps the book's slug as it is now,
        // even if its old slug went to another book meanwhile.
        const inFile = bookFieldsFingerprint({ ...existing, ...values }, slug!);
        const inShop = bookFieldsFingerprint(existing, current.slug);
        if (inFile === row.fieldsAtExport) {
          // Left as exported: the book keeps its fields as the shop has them now (it may have
          // been saved since), and only a stock change is written.
          for (const [, field] of BOOK_CSV_FIELD_COLUMNS) if (field !== "stock") delete values[field];
          slug = current.slug;
        } else if (inShop !== row.fieldsAtExport && inShop !== inFile) {
          problems.add(
            row.line,
            undefined,
            "This book was also changed in the shop since the export. Export again and make your changes there.",
          );
          continue;
        }
      }
      if (slug !== null) {
        const owner = bySlug.get(slug);
        const earlier = slugLine.get(slug);
        if (owner && owner.id !== current?.id) {
          problems.add(row.line, "slug", `Another book (“${owner.title}”) already has this slug.`);
          continue;
        }
        if (earlier !== undefined) {
          problems.add(row.line, "slug", `Line ${earlier} has the same slug.`);
          continue;
        }
        slugLine.set(slug, row.line);
      }
      if (current && existing) {
        // Stock as exported: unchanged in the file, the book keeps what orders left it; changed,
        // it is written only over the stock the file was exported with (guarded below).
        let stockGuard: number | null | undefined;
        if (row.stockAtExport !== undefined && values.stock !== undefined) {
          const stock = stockCount(values.stock);
          // Unchanged in the file, or already what the file says (the same file sent again).
          if (stock === row.stockAtExport || stock === current.stock) {
            delete values.stock;
          } else if (current.stock !== row.stockAtExport) {
            problems.add(
              row.line,
              "stock",
              `The stock changed since the export (orders take copies): it is ${
                current.stock ?? "not tracked"
              } now. Export again and change it there.`,
            );
            continue;
          } else {
            stockGuard = current.stock;
          }
        }
        const checked = checkForm(bookFormSchema, { ...existing, ...values }, BOOK_FIELDS);
        if (!checked.success) {
          for (const [header, field] of BOOK_CSV_FIELD_COLUMNS) {
            const message = checked.fieldErrors[field];
            if (message) problems.add(row.line, header, message);
          }
          continue;
        }
        const before = checkForm(bookFormSchema, existing, BOOK_FIELDS);
        if (slug === current.slug && before.success && sameBook(before.data, checked.data)) {
          plans.push({ kind: "unchanged" });
        } else {
          const { stock, ...columns } = bookColumns(checked.data);
          plans.push({
            kind: "update",
            id: current.id,
            // Without a stock change the column is not written: orders may be taking copies.
            changes: { slug: slug!, ...columns, ...(values.stock === undefined ? {} : { stock }), updated_at: now },
            stockGuard,
          });
        }
      } else {
        plans.push({
          kind: "insert",
          row: {
            id: randomUUID(),
            slug: slug ?? "",
            ...bookColumns(row.book),
            // The CSV carries no price breaks (decision 36): a new book starts without; an update keeps them.
            price_breaks: "[]",
            image_url: null,
            created_at: now,
            updated_at: now,
          },
        });
      }
    }
    problems.throwIfAny();

    // New books without a slug get one from their title, clear of every book and of this file.
    // One read of all slugs rather than one query per row: a catalogue's slugs fit in memory.
    const needSlugs = plans.filter((plan) => plan.kind === "insert" && plan.row.slug === "");
    if (needSlugs.length > 0) {
      const taken = new Set((await trx.selectFrom("books").select("slug").execute()).map((row) => row.slug));
      for (const slug of slugLine.keys()) taken.add(slug);
      for (const plan of needSlugs) {
        if (plan.kind !== "insert") continue;
        plan.row.slug = freeSlug(plan.row.title, taken);
        taken.add(plan.row.slug);
      }
    }
    const inserts = plans.flatMap((plan) => (plan.kind === "insert" ? [plan.row] : []));
    for (let i = 0; i < inserts.length; i += BATCH) {
      await trx
        .insertInto("books")
        .values(inserts.slice(i, i + BATCH))
        .execute();
    }
    let updated = 0;
    for (const plan of plans) {
      if (plan.kind !== "update") continue;
      let update = trx.updateTable("books").set(plan.changes).where("id", "=", plan.id);
      const guard = plan.stockGuard;
      if (guard !== undefined)
        update = guard === null ? update.where("stock", "is", null) : update.where("stock", "=", guard);
      const result = await update.executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        // An order took copies between the check above and this write: nothing of the file is kept.
        throw new AppError(
          "CONFLICT",
          "Orders changed the stock of a book while the file was imported. Nothing was imported: please try again.",
        );
      }
      updated++;
    }
    return { added: inserts.length, updated, unchanged: plans.length - inserts.length - updated };
  });
}
