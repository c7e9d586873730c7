import type { AppServices } from "#server/services.ts";
import { toBook, type Book } from "./book.ts";

export async function getBookBySlug({ db }: Pick<AppServices, "db">, { slug }: { slug: string }): Promise<Book | null> {
  const row = await db.selectFrom("books").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toBook(row) : null;
}

/** One book by id, as the admin's edit form reads it; null when it is gone. */
export async function getBookById({ db }: Pick<AppServices, "db">, { id }: { id: string }): Promise<Book | null> {
  const row = await db.selectFrom("books").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBook(row) : null;
}
