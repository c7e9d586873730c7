import type { AppServices } from "#server/services.ts";
import { toBook, type Book } from "./book.ts";

export async function getBookBySlug({ db }: Pick<AppServices, "db">, { slug }: { slug: string }): Promise<Book | null> {
  const row = await db.selectFrom("books").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toBook(row) : null;
}
