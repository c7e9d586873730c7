import { releaseUnusedCover, type ReleaseCoverDeps } from "#server/covers/release-unused-cover.ts";
import { AppError } from "#server/errors/app-error.ts";
import { toBook, type Book } from "./book.ts";

/**
 * Deletes a book, then its cover unless another book shows it too. Past orders are untouched:
 * their lines keep their own title and price, and the foreign key sets their book_id to null.
 * Returns the deleted book (for the confirmation); throws NOT_FOUND for an unknown id.
 */
export async function deleteBook(deps: ReleaseCoverDeps, input: { id: string }): Promise<Book> {
  const deleted = await deps.db.deleteFrom("books").where("id", "=", input.id).returningAll().executeTakeFirst();
  if (!deleted) throw new AppError("NOT_FOUND", "Book not found.");
  // After the delete: a failed delete must not leave the book without its picture.
  await releaseUnusedCover(deps, { imageUrl: deleted.image_url });
  return toBook(deleted);
}
