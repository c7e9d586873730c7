import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { toBook, type Book } from "./book.ts";
import { removeCoverIfUnused } from "./cover-image.ts";

/**
 * Deletes a book, then its cover file. Past orders are untouched: their lines keep their own
 * title and price, and the foreign key sets their book_id to null. Returns the deleted book (for
 * the confirmation); throws NOT_FOUND for an unknown id.
 */
export async function deleteBook(db: Kysely<Database>, uploadsDir: string, id: string): Promise<Book> {
  const deleted = await db.deleteFrom("books").where("id", "=", id).returningAll().executeTakeFirst();
  if (!deleted) throw new AppError("NOT_FOUND", "Book not found.");
  // After the delete: a failed delete must not leave the book without its picture.
  await removeCoverIfUnused(db, uploadsDir, deleted.image_url);
  return toBook(deleted);
}
