import type { AppServices } from "#server/services.ts";

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_BOOKS = 50_000;

/**
 * The book pages for /sitemap.xml, newest first: each book's slug and day of creation only (not
 * whole rows: a catalogue of 10,000 books read whole is megabytes of descriptions), at most the
 * protocol's limit of one file.
 */
export async function listSitemapBooks({
  db,
}: Pick<AppServices, "db">): Promise<{ slug: string; createdAt: string }[]> {
  const rows = await db
    .selectFrom("books")
    .select(["slug", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(SITEMAP_MAX_BOOKS)
    .execute();
  return rows.map((row) => ({ slug: row.slug, createdAt: row.created_at }));
}
