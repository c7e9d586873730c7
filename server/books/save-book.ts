import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import type { BookRow, Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { bookColumns, toBook, type Book } from "./book.ts";
import { slugifyTitle } from "./book-slug.ts";
import {
  BOOK_FIELDS,
  bookFormSchema,
  readNewBookId,
  readStockShown,
  type BookInput,
} from "#common/books/book-schema.ts";
import { checkForm } from "#common/forms/check-form.ts";

// Another save may take the slug between our look-up and our write; the unique index keeps the
// row out and the slug is looked up again. A handful of tries is plenty for an admin screen.
export const SLUG_ATTEMPTS = 5;

function parseBookInput(input: unknown): BookInput {
  const checked = checkForm(bookFormSchema, input, BOOK_FIELDS);
  if (!checked.success) throw new AppError("VALIDATION", checked.message, { fieldErrors: checked.fieldErrors });
  return checked.data;
}

/**
 * The title's slug, or the first of slug-2, slug-3… that no other book uses. `exceptId` is the
 * book being edited: its own slug does not count as taken.
 */
async function uniqueSlug(db: Kysely<Database>, title: string, exceptId?: string): Promise<string> {
  const base = slugifyTitle(title);
  let query = db
    .selectFrom("books")
    .select("slug")
    // Slugs hold only a-z, 0-9 and "-", so the base needs no LIKE escaping.
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const taken = new Set((await query.execute()).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The book the Add Book dialog already added under the id it made (`newBookId`), if any: a save sent again. */
export async function findAddedBook(db: Kysely<Database>, form: unknown): Promise<Book | undefined> {
  const id = readNewBookId(form);
  if (id === undefined) return undefined;
  const row = await db.selectFrom("books").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBook(row) : undefined;
}

/**
 * Adds a book from the Add Book form's values (see book-schema.ts) with a unique slug made from
 * its title, under the id the dialog made (`newBookId`) when it sent one: the same save sent
 * again returns the book it added. The cover is stored by createBookWithCover
 * (save-book-with-cover.ts). Throws VALIDATION with a message per field.
 */
export async function createBook(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { form }: { form: unknown },
): Promise<Book> {
  const book = parseBookInput(form);
  const added = await findAddedBook(db, form);
  if (added) return added;
  const id = readNewBookId(form) ?? randomUUID();
  const now = clock().toISOString();
  for (let attempt = 1; ; attempt++) {
    const row: BookRow = {
      id,
      slug: await uniqueSlug(db, book.title),
      ...bookColumns(book),
      price_breaks: JSON.stringify(book.priceBreaks),
      image_url: null,
      created_at: now,
      updated_at: now,
    };
    // Nothing inserted: the id was taken meanwhile (the same save sent twice at once: the other
    // one added it) or the slug was (another book of the same title: a new slug, again). Not a
    // unique violation, which would end a PostgreSQL transaction (createBookWithCover's).
    const inserted = await db
      .insertInto("books")
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return toBook(row);
    const twin = await findAddedBook(db, form);
    if (twin) return twin;
    if (attempt >= SLUG_ATTEMPTS) {
      throw new AppError("CONFLICT", "Another book with this title was added at the same moment. Please save again.");
    }
  }
}

/**
 * Saves the Edit Book form's values over a book. The slug stays unless the title changes (links
 * keep working); a new title gets a new unique slug. The cover is left as it is. Stock is the
 * one field orders change while the form is open: when the post says what stock the form showed
 * (`stockShown`), an unchanged Stock field leaves the stock as orders left it, and a changed one
 * is written only over the figure the admin saw, else CONFLICT with the stock now. Throws
 * VALIDATION with a message per field, or NOT_FOUND.
 */
export async function updateBook(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { id, form }: { id: string; form: unknown },
): Promise<Book> {
  const book = parseBookInput(form);
  const stockShown = readStockShown(form);
  const updatedAt = clock().toISOString();
  for (let attempt = 1; ; attempt++) {
    const current = await db.selectFrom("books").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) throw new AppError("NOT_FOUND", "Book not found.");
    const slug = book.title === current.title ? current.slug : await uniqueSlug(db, book.title, id);
    const { stock, ...columns } = bookColumns(book);
    const stockEdited = stockShown === undefined || stock !== stockShown;
    const changes = {
      slug,
      ...columns,
      price_breaks: JSON.stringify(book.priceBreaks),
      ...(stockEdited ? { stock } : {}),
      updated_at: updatedAt,
    };
    try {
      let update = db.updateTable("books").set(changes).where("id", "=", id);
      // Over the figure the admin saw only: orders may have taken copies since the form opened.
      if (stockEdited && stockShown !== undefined) {
        update = stockShown === null ? update.where("stock", "is", null) : update.where("stock", "=", stockShown);
      }
      const result = await update.executeTakeFirst();
      if (result.numUpdatedRows === 0n) await refuseStaleStock(db, id, stockShown);
      return toBook({ ...current, ...changes });
    } catch (error) {
      // Inside a transaction (updateBookWithCover's) the violation has ended it on PostgreSQL:
      // the caller runs the whole transaction again.
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS || db.isTransaction) throw error;
    }
  }
}

/** Why an edit wrote nothing: the book is gone, or its stock moved since the form showed it. */
async function refuseStaleStock(db: Kysely<Database>, id: string, stockShown: number | null | undefined) {
  const now = await db.selectFrom("books").select("stock").where("id", "=", id).executeTakeFirst();
  if (!now || stockShown === undefined) throw new AppError("NOT_FOUND", "Book not found.");
  const message = `The stock changed while you were editing (orders take copies): it is ${
    now.stock === null ? "not tracked" : now.stock
  } now. Check the Stock field and save again.`;
  throw new AppError("CONFLICT", message, { fieldErrors: { stock: message }, reason: "stock-changed" });
}
