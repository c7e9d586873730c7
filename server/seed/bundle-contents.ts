import type { AppServices } from "#server/services.ts";

/** The seeded bundles' books, by title, in the order their covers are shown. */
export const SEED_BUNDLE_TITLES: Record<string, string[]> = {
  "pkg-disciple": [
    "In the Beginning: The Story of Creation",
    "Noah's Ark and the Promise of the Rainbow",
    "The Birth of Jesus: A Savior in a Manger",
  ],
  "pkg-shepherd": [
    "David and Goliath: The Shepherd Boy's Courage",
    "The Good Samaritan",
    "He Is Risen! The Story of the Resurrection",
  ],
  "pkg-prophet": [
    "In the Beginning: The Story of Creation",
    "Noah's Ark and the Promise of the Rainbow",
    "Abraham Counts the Stars",
    "Joseph and His Coat of Many Colors",
    "Moses and the Parting of the Red Sea",
    "Daniel in the Lions' Den",
    "Jonah and the Great Fish",
  ],
};

/**
 * Links the seeded bundles to the catalogue's books of those titles, where both exist and no link
 * does yet: run by the seed of a new shop and by migration 0012 for shops seeded before it.
 */
export async function linkSeedBundleBooks({ db }: Pick<AppServices, "db">): Promise<void> {
  const typed = db;
  const bundles = new Set((await typed.selectFrom("bundles").select("id").execute()).map((row) => row.id));
  const linked = new Set(
    (await typed.selectFrom("bundle_books").select("bundle_id").execute()).map((r) => r.bundle_id),
  );
  const books = await typed.selectFrom("books").select(["id", "title"]).execute();
  const idByTitle = new Map(books.map((book) => [book.title, book.id]));
  const rows = Object.entries(SEED_BUNDLE_TITLES).flatMap(([bundleId, titles]) =>
    bundles.has(bundleId) && !linked.has(bundleId)
      ? titles.flatMap((title, position) => {
          const bookId = idByTitle.get(title);
          return bookId ? [{ bundle_id: bundleId, book_id: bookId, position }] : [];
        })
      : [],
  );
  if (rows.length > 0) await typed.insertInto("bundle_books").values(rows).execute();
}
