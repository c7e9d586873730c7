import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBundle, type Bundle, type BundleBook } from "./bundle.ts";

export type BundlePart = BundleBook & { stock: number | null };

/** Each bundle's live parts (books still in the catalogue), in display order, with their stock. */
export async function loadBundleParts(
  db: Kysely<Database>,
  bundleIds?: readonly string[],
): Promise<Map<string, BundlePart[]>> {
  if (bundleIds?.length === 0) return new Map();
  let query = db
    .selectFrom("bundle_books")
    .innerJoin("books", "books.id", "bundle_books.book_id")
    .select([
      "bundle_books.bundle_id",
      "bundle_books.quantity",
      "books.id",
      "books.title",
      "books.slug",
      "books.image_url",
      "books.stock",
    ])
    .orderBy("bundle_books.bundle_id")
    .orderBy("bundle_books.position");
  if (bundleIds) query = query.where("bundle_books.bundle_id", "in", bundleIds);
  const parts = new Map<string, BundlePart[]>();
  for (const row of await query.execute()) {
    const list = parts.get(row.bundle_id) ?? [];
    list.push({
      id: row.id,
      title: row.title,
      slug: row.slug,
      imageUrl: row.image_url,
      quantity: row.quantity,
      stock: row.stock,
    });
    parts.set(row.bundle_id, list);
  }
  return parts;
}

/** Every bundle, in its `position` order, with its parts and the sets they allow now (the home page, the bulk order form, the back office). */
export async function listBundles(deps: { db: Kysely<Database> }): Promise<Bundle[]> {
  const [rows, parts] = await Promise.all([
    deps.db.selectFrom("bundles").selectAll().orderBy("position").orderBy("id").execute(),
    loadBundleParts(deps.db),
  ]);
  return rows.map((row) => toBundle(row, parts.get(row.id)));
}
