import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { Book } from "./book.ts";
import { checkBookForm } from "./book-schema.ts";
import { COVER_FIELD } from "./cover-schema.ts";
import { removeCoverIfUnused, removeCoverImage, storeCoverImage, type CoverUpload } from "./cover-image.ts";
import { createBook, updateBook } from "./save-book.ts";

/** Throws VALIDATION before any image work, so a bad form never leaves a stored file behind. */
function checkFields(input: unknown): void {
  const checked = checkBookForm(input);
  if (!checked.success) throw new AppError("VALIDATION", checked.message, checked.fieldErrors);
}

async function storeCover(uploadsDir: string, cover: CoverUpload): Promise<string> {
  try {
    return await storeCoverImage(uploadsDir, cover);
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION") {
      throw new AppError("VALIDATION", error.message, { [COVER_FIELD]: error.message });
    }
    throw error;
  }
}

/**
 * Adds a book from the Add Book form, with its cover when one is uploaded. Order: fields checked,
 * then the image stored, then the row written in one transaction with its image_url; if the
 * write fails the stored file is removed again. So a refused image or field means nothing saved.
 * Throws VALIDATION (a refused image carries `fieldErrors.cover`).
 */
export async function createBookWithCover(
  db: Kysely<Database>,
  uploadsDir: string,
  input: unknown,
  cover: CoverUpload | null,
  options: { now?: Date } = {},
): Promise<Book> {
  checkFields(input);
  if (!cover) return createBook(db, input, options);
  const imageUrl = await storeCover(uploadsDir, cover);
  try {
    return await db.transaction().execute(async (trx) => {
      const book = await createBook(trx, input, options);
      await trx.updateTable("books").set({ image_url: imageUrl }).where("id", "=", book.id).execute();
      return { ...book, imageUrl };
    });
  } catch (error) {
    await removeCoverImage(uploadsDir, imageUrl).catch(() => false);
    throw error;
  }
}

/**
 * Saves the Edit Book form over a book and, when a new cover is uploaded, replaces the cover in
 * the same transaction (the old file is removed only after the commit, and only if no book still
 * shows it). A refused image or field changes nothing. Throws VALIDATION, NOT_FOUND, or CONFLICT
 * when the cover was replaced by someone else at the same moment.
 */
export async function updateBookWithCover(
  db: Kysely<Database>,
  uploadsDir: string,
  id: string,
  input: unknown,
  cover: CoverUpload | null,
  options: { now?: Date } = {},
): Promise<Book> {
  checkFields(input);
  if (!cover) return updateBook(db, id, input, options);
  const notFound = () => new AppError("NOT_FOUND", "Book not found.");
  // Checked first so that an unknown id costs no image processing.
  const exists = await db.selectFrom("books").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) throw notFound();

  const imageUrl = await storeCover(uploadsDir, cover);
  let saved: { book: Book; replaced: string | null };
  try {
    saved = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("books").select("image_url").where("id", "=", id).executeTakeFirst();
      if (!current) throw notFound();
      const book = await updateBook(trx, id, input, options);
      // Compare-and-set on the cover read above: a cover replaced in between is not silently
      // orphaned; the admin is asked to try again instead.
      const result = await trx
        .updateTable("books")
        .set({ image_url: imageUrl })
        .where("id", "=", id)
        .where((eb) =>
          current.image_url === null ? eb("image_url", "is", null) : eb("image_url", "=", current.image_url),
        )
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) {
        throw new AppError("CONFLICT", "The cover was changed at the same time. Please try again.");
      }
      return { book: { ...book, imageUrl }, replaced: current.image_url };
    });
  } catch (error) {
    await removeCoverImage(uploadsDir, imageUrl).catch(() => false);
    throw error;
  }
  await removeCoverIfUnused(db, uploadsDir, saved.replaced);
  return saved.book;
}
