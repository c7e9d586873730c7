import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBundle, type Bundle, type BundleBook } from "./bundle.ts";

/** The bundles of the home page's pricing section, in their `position` order, with their current stock and books. */
export async function listBundles(deps: { db: Kysely<Database> }): Promise<Bundle[]> {
  const [rows, links] = await Promise.all([
    deps.db.selectFrom("bundles").selectAll().orderBy("position").orderBy("id").execute(),
    deps.db
      .selectFrom("bundle_books")
      .innerJoin("books", "books.id", "bundle_books.book_id")
      .select(["bundle_books.bundle_id", "books.title", "books.slug", "books.image_url"])
      .orderBy("bundle_books.bundle_id")
      .orderBy("bundle_books.position")
      .execute(),
  ]);
  const booksOf = new Map<string, BundleBook[]>();
  for (const link of links) {
    const list = booksOf.get(link.bundle_id) ?? [];
    list.push({ title: link.title, slug: link.slug, imageUrl: link.image_url });
    booksOf.set(link.bundle_id, list);
  }
  return rows.map((row) => toBundle(row, booksOf.get(row.id)));
}
