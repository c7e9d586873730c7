import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "#server/db/migration-context.ts";

/**
 * The tables that shaped anonymous pages when this migration was written, frozen here: the rule
 * itself lives in server/db/page-shaping-tables.ts (decision 17), whose test holds the triggers
 * to it. Every write to one of them bumps `page_generation` in the writing transaction.
 */
const PAGE_SHAPING_TABLES_AT_0014 = [
  "books",
  "book_tags",
  "bundles",
  "bundle_books",
  "store_settings",
  "shipping_methods",
] as const;

export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("page_generation")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("generation", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into page_generation (id, generation) values (1, 1)`.execute(db);

  if (engine === "sqlite") {
    // SQLite has row triggers only; one writer at a time, so the extra row update is all they cost.
    for (const table of PAGE_SHAPING_TABLES_AT_0014) {
      for (const event of ["insert", "update", "delete"]) {
        await sql
          .raw(
            `create trigger ${table}_${event}_page_generation after ${event} on ${table} ` +
              `begin update page_generation set generation = generation + 1 where id = 1; end`,
          )
          .execute(db);
      }
    }
    return;
  }

  // PostgreSQL: deferred constraint triggers, so the counter row is locked only at commit, after
  // every other lock the transaction takes (an order updating two books' stock as statements
  // would otherwise hold the counter while waiting for a book another order holds: a deadlock).
  // A transaction-local setting makes one bump per transaction, however many rows it writes.
  await sql
    .raw(
      `create function bump_page_generation() returns trigger language plpgsql as $$
       begin
         if coalesce(current_setting('shop.page_generation_bumped', true), '') = 'yes' then return null; end if;
         perform set_config('shop.page_generation_bumped', 'yes', true);
         update page_generation set generation = generation + 1 where id = 1;
         return null;
       end $$`,
    )
    .execute(db);
  for (const table of PAGE_SHAPING_TABLES_AT_0014) {
    await sql
      .raw(
        `create constraint trigger ${table}_page_generation after insert or update or delete on ${table} ` +
          `deferrable initially deferred for each row execute function bump_page_generation()`,
      )
      .execute(db);
  }
}
