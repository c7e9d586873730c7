import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export interface CatalogueFilters {
  /** Every topic tag some book carries, alphabetically. (The ages are fixed: CATALOGUE_AGES.) */
  tags: string[];
}

/** The choices of the catalogue's topic filter: only tags some book has. */
export async function listCatalogueFilters(deps: { db: Kysely<Database> }): Promise<CatalogueFilters> {
  const tags = await deps.db.selectFrom("book_tags").select("tag").distinct().orderBy("tag").execute();
  return { tags: tags.map((row) => row.tag).sort((a, b) => a.localeCompare(b, "en")) };
}
