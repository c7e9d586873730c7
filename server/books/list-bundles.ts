import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { toBundle, type Bundle } from "./bundle.ts";

/** The bundles of the home page's pricing section, in their `position` order, with their current stock. */
export async function listBundles(deps: { db: Kysely<Database> }): Promise<Bundle[]> {
  const rows = await deps.db.selectFrom("bundles").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map(toBundle);
}
