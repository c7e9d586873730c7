import { sql, type RawBuilder } from "kysely";
import type { SqlBool } from "#server/db/schema.ts";

/** Longer search text is cut: nobody types more, and a long pattern only costs the database. */
export const SEARCH_MAX_LENGTH = 100;

/** The search box's text, trimmed and shortened; null when there is nothing to search for. */
export function normalizeSearch(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim().slice(0, SEARCH_MAX_LENGTH);
  return text === "" ? null : text;
}

/**
 * `column` contains `search`, ignoring letter case, with `%` and `_` typed by the user matched
 * literally. SQLite's LIKE ignores ASCII case while PostgreSQL's does not, so both sides go
 * through lower() and the engines agree. `!` is the escape character because a backslash would
 * need different literal syntax depending on PostgreSQL's standard_conforming_strings.
 * Non-ASCII letters: SQLite's lower() leaves them alone, so "É" matches "é" on PostgreSQL only.
 */
export function containsIgnoringCase(column: string, search: string): RawBuilder<SqlBool> {
  const pattern = `%${search.replace(/[!%_]/g, "!$&")}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '!'`;
}
