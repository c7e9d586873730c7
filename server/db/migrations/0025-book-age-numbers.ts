import { sql, type Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { BOOK_AGE_LIMITS, parseAgeRange } from "#common/books/age-range.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * A book's age range as numbers, for the catalogue's "for age N" filter (decision 34): `age_min`
 * and `age_max`, whole years 0–18, both set or both null. The label (`age_range`) stays as it is
 * shown; the numbers are filled from it ("3-5", "Ages 4–8", "5+" …), one update per distinct
 * label, and a label that names no ages leaves them null. The filter's index replaces the
 * label's, which nothing reads any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { min, max } = BOOK_AGE_LIMITS;
  await db.schema
    .alterTable("books")
    .addColumn("age_min", "integer", (c) => c.check(sql`age_min >= ${sql.lit(min)} and age_min <= ${sql.lit(max)}`))
    .execute();
  await db.schema
    .alterTable("books")
    // Both or neither; a check that reads NULL passes, hence the explicit "is not null".
    .addColumn("age_max", "integer", (c) =>
      c.check(
        sql`(age_min is null and age_max is null) or (age_min is not null and age_max is not null and age_max >= age_min and age_max <= ${sql.lit(max)})`,
      ),
    )
    .execute();

  await db.schema.dropIndex("books_age_range_idx").execute();
  // "For age N": age_min <= N and age_max >= N, read from the index alone; with the id, the
  // search checks a book's words and tags by id without reading the row (as the label's did).
  await createColumnIndex(db, "books_age_idx", "books", ["age_min", "age_max", "id"]);

  // Last: on PostgreSQL the updates leave deferred trigger events (the page generation) that
  // forbid any more changes to the table's definition in this transaction.
  const typed = db as Kysely<Database>;
  const labels = await typed
    .selectFrom("books")
    .select("age_range")
    .distinct()
    .where("age_range", "is not", null)
    .execute();
  for (const { age_range: label } of labels) {
    const ages = parseAgeRange(label);
    if (!ages) continue;
    await typed
      .updateTable("books")
      .set({ age_min: ages.min, age_max: ages.max })
      .where("age_range", "=", label)
      .execute();
  }
}
