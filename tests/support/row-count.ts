import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** How many rows `table` holds, as a number on either engine (PostgreSQL counts as a string). */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
