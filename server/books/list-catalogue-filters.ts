import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export interface CatalogueFilters {
  /** Every age range some book carries, youngest first ("3-6", "3-8", "4-8" …). */
  ages: string[];
  /** Every topic tag some book carries, alphabetically. */
  tags: string[];
}

/** The youngest age a range starts at, for ordering ("3-6" → 3); ranges without a number go last. */
function firstAge(range: string): number {
  const match = /\d+/.exec(range);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

/** The choices of the catalogue's age and topic filters: only values some book has. */
export async function listCatalogueFilters(deps: { db: Kysely<Database> }): Promise<CatalogueFilters> {
  const [ages, tags] = await Promise.all([
    deps.db.selectFrom("books").select("age_range").distinct().where("age_range", "is not", null).execute(),
    deps.db.selectFrom("book_tags").select("tag").distinct().orderBy("tag").execute(),
  ]);
  return {
    ages: ages.map((row) => row.age_range!).sort((a, b) => firstAge(a) - firstAge(b) || a.localeCompare(b, "en")),
    tags: tags.map((row) => row.tag).sort((a, b) => a.localeCompare(b, "en")),
  };
}
