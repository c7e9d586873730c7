import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** How many distinct statements stay compiled; the least recently used one goes first. */
const CACHED_STATEMENTS = 500;

/**
 * The connection as Kysely's SQLite dialect sees it, with each statement compiled once. Kysely
 * prepares every query afresh, and compiling was a tenth of a signed-in page's server time: a page
 * runs about ten queries, the same text every time. A statement still being read row by row (a
 * streamed query) is busy, so the same text then gets a fresh one.
 */
export function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Moved to the end: the Map's order is the order of use.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = connection.prepare(sql);
      if (cached) return statement;
      statements.set(sql, statement);
      if (statements.size > CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
