import { webpCover, coverUrl } from "#server/covers/cover-store.ts";
import { putCoverWithVariants, withVariants, type CoverWithVariants } from "#server/covers/cover-variants.ts";
import { releaseUnusedCover, type ReleaseCoverDeps } from "#server/covers/release-unused-cover.ts";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import type { Book } from "./book.ts";
import { BOOK_FIELDS, bookFormSchema } from "#common/books/book-schema.ts";
import { COVER_FIELD } from "#common/books/cover-limits.ts";
import { encodeCoverImage, type CoverUpload } from "./cover-image.ts";
import { createBook, findAddedBook, SLUG_ATTEMPTS, updateBook } from "./save-book.ts";
import { checkForm } from "#common/forms/check-form.ts";

/** What saving a book with its cover needs: the database, where covers are stored, and the clock. */
export type BookCoverDeps = ReleaseCoverDeps & Pick<AppServices, "clock">;

/** Throws VALIDATION before any image work, so a bad form costs no image processing. */
function checkFields(input: unknown): void {
  const checked = checkForm(bookFormSchema, input, BOOK_FIELDS);
  if (!checked.success) throw new AppError("VALIDATION", checked.message, { fieldErrors: checked.fieldErrors });
}

/**
 * The uploaded image checked and re-encoded (see encodeCoverImage), with its smaller copies for
 * srcset; a refusal names the cover field.
 */
async function encodeCover(upload: CoverUpload): Promise<CoverWithVariants> {
  try {
    return await withVariants(webpCover(await encodeCoverImage(upload)));
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION") {
      throw new AppError("VALIDATION", error.message, { fieldErrors: { [COVER_FIELD]: error.message } });
    }
    throw error;
  }
}

/**
 * Adds a book from the Add Book form, with its cover when one is uploaded. Order: fields checked,
 * then the image encoded, then the cover and the row written in one transaction. So a refused
 * image or field, or a failed write, saves nothing (a bucket may keep an unused object).
 * Throws VALIDATION (a refused image carries `fieldErrors.cover`).
 */
export async function createBookWithCover(
  deps: BookCoverDeps,
  input: { form: unknown; cover: CoverUpload | null },
): Promise<Book> {
  checkFields(input.form);
  if (!input.cover) return createBook(deps, { form: input.form });
  // Sent again after its answer was lost: the book and its cover are there already.
  const added = await findAddedBook(deps.db, input.form);
  if (added) return added;
  const cover = await encodeCover(input.cover);
  const imageUrl = coverUrl(cover.cover.key);
  return deps.db.transaction().execute(async (trx) => {
    await putCoverWithVariants(deps.covers, trx, cover);
    const book = await createBook({ db: trx, clock: deps.clock }, { form: input.form });
    await trx.updateTable("books").set({ image_url: imageUrl }).where("id", "=", book.id).execute();
    return { ...book, imageUrl };
  });
}

/**
 * Runs a book's transaction again when its new slug was taken by another book saved at the same
 * moment: the unique index refused the write, which ends a PostgreSQL transaction, so the retry
 * that updateBook makes outside one must be a whole new transaction here.
 */
async function retriedOnSlugClash<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/**
 * Saves the Edit Book form over a book and, when a new cover is uploaded, replaces the cover in
 * the same transaction (the old image is released only after the commit, and only if no book
 * still shows it). A refused image or field changes nothing. Throws VALIDATION, NOT_FOUND, or
 * CONFLICT when the cover was replaced by someone else at the same moment.
 */
export async function updateBookWithCover(
  deps: BookCoverDeps,
  input: { id: string; form: unknown; cover: CoverUpload | null },
): Promise<Book> {
  const { db } = deps;
  const { id } = input;
  checkFields(input.form);
  if (!input.cover) return updateBook(deps, { id, form: input.form });
  const notFound = () => new AppError("NOT_FOUND", "Book not found.");
  // Checked first so that an unknown id costs no image processing.
  const exists = await db.selectFrom("books").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) throw notFound();

  const cover = await encodeCover(input.cover);
  const imageUrl = coverUrl(cover.cover.key);
  const saved = await retriedOnSlugClash(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("books").select("image_url").where("id", "=", id).executeTakeFirst();
      if (!current) throw notFound();
      const book = await updateBook({ db: trx, clock: deps.clock }, { id, form: input.form });
      await putCoverWithVariants(deps.covers, trx, cover);
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
    }),
  );
  if (saved.replaced !== imageUrl) await releaseUnusedCover(deps, { imageUrl: saved.replaced });
  return saved.book;
}
