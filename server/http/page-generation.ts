import type { DatabaseHandle } from "#server/db/database.ts";

/**
 * The database's page generation (migration 0014: bumped by every write to a page-shaping table,
 * on every instance, in the writing transaction). A cached page is good while the generation it
 * was rendered under is still the current one. Read on every cacheable request, on both engines:
 * a write, whoever made it (this instance, another one, a job, `psql`), counts from the next
 * request on. The read is one row by primary key: microseconds on SQLite, one short round trip
 * on PostgreSQL, against a render that costs milliseconds.
 */
export interface PageGeneration {
  /** The current generation, or null when it cannot be read (the page is then rendered, not cached). */
  current(): Promise<number | null>;
}

export function pageGeneration(database: DatabaseHandle): PageGeneration {
  const { native } = database;
  if (native.engine === "sqlite") {
    // Through the native connection: a prepared statement, no query building per request.
    const statement = native.connection.prepare("select generation from page_generation where id = 1").pluck();
    return {
      async current() {
        // Outside the driver's lock, this read would see another request's open transaction: a
        // generation it bumped and may yet roll back, under which an old page would be kept and
        // later served as new. While one is open the page is rendered, not cached.
        if (native.connection.inTransaction) return null;
        try {
          const value = statement.get();
          return typeof value === "number" || typeof value === "bigint" ? Number(value) : null;
        } catch {
          return null;
        }
      },
    };
  }
  return {
    async current() {
      try {
        const row = await database.db
          .selectFrom("page_generation")
          .select("generation")
          .where("id", "=", 1)
          .executeTakeFirst();
        return row ? Number(row.generation) : null;
      } catch {
        return null;
      }
    },
  };
}
