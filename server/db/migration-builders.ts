import type { ColumnDefinitionBuilder, Expression, Kysely } from "kysely";

/**
 * A column every row fills: the default fills the rows already there, the check bounds the values.
 * The migrations' most repeated column; one builder keeps each use on one line.
 */
export function filledColumn(value: string | number, check: Expression<unknown>) {
  return (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(value).check(check);
}

/** An index over plain columns (unique when asked): most of the migrations' indexes, one line each. */
export async function createColumnIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  const index = db.schema.createIndex(name).on(table).columns(columns);
  await (options.unique ? index.unique() : index).execute();
}
