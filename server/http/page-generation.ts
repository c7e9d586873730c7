import type { DatabaseHandle } from "#server/db/database.ts";

/**
 * How long a PostgreSQL instance trusts the generation it last read: another instance's write
 * reaches this one's page cache within this time (plus one query). This instance's own writes
 * count at once (see `recheck`).
 */
export const GENERATION_MAX_AGE_MS = 500;

/**
 * The database's page generation (migration 0014: bumped by every write to a page-shaping table,
 * on every instance, in the writing transaction). A cached page is good while the generation it
 * was rendered under is still the current one.
 */
export interface PageGeneration {
  /** The current generation, or null when it cannot be read (the page is then rendered, not cached). */
  current(): Promise<number | null>;
  /** A write of this process may just have committed: the next `current()` asks the database. */
  recheck(): void;
}

export function pageGeneration(database: DatabaseHandle): PageGeneration {
  const { native } = database;
  if (native.engine === "sqlite") {
    // One process serves a SQLite file, and a read of one row by primary key through the native
    // connection costs microseconds: asked on every request, so every write counts at once.
    const statement = native.connection.prepare("select generation from page_generation where id = 1").pluck();
    return {
      async current() {
        try {
          const value = statement.get();
          return typeof value === "number" || typeof value === "bigint" ? Number(value) : null;
        } catch {
          return null;
        }
      },
      recheck() {},
    };
  }
  return polledGeneration(async () => {
    const row = await database.db
      .selectFrom("page_generation")
      .select("generation")
      .where("id", "=", 1)
      .executeTakeFirst();
    return row ? Number(row.generation) : null;
  });
}

/**
 * Reads at most every GENERATION_MAX_AGE_MS, one read at a time. A `recheck` bumps the epoch:
 * a read that began before it may predate the write, so its answer is not trusted for long.
 */
export function polledGeneration(read: () => Promise<number | null>): PageGeneration {
  let value: number | null = null;
  let readAt = -Infinity;
  let epoch = 0;
  let pending: { epoch: number; promise: Promise<number | null> } | undefined;

  function startRead(): Promise<number | null> {
    const started = { epoch, at: performance.now() };
    const promise = read()
      .catch(() => null)
      .then((result) => {
        if (started.epoch === epoch) {
          value = result;
          readAt = result === null ? -Infinity : started.at;
        }
        if (pending?.promise === promise) pending = undefined;
        return result;
      });
    pending = { epoch, promise };
    return promise;
  }

  return {
    async current() {
      if (value !== null && performance.now() - readAt < GENERATION_MAX_AGE_MS) return value;
      if (pending && pending.epoch === epoch) return pending.promise;
      return startRead();
    },
    recheck() {
      epoch += 1;
      value = null;
    },
  };
}
