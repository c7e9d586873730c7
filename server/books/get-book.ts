import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBook, type Book } from "./book.ts";

export async function getBookBySlug(db: Kysely<Database>, slug: string): Promise<Book | null> {
  const row = await db.selectFrom("books").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toBook(row) : null;
}
