import { sql, type Kysely } from "kysely";
import type { MigrationContext } from "#server/db/migration-context.ts";

/**
 * The free story and the footer's social links (issue 34, decision 32).
 *
 * - `private_files`: bytes the shop keeps but never serves publicly (the free story's PDF), when
 *   the database is the store; with a bucket (COVERS_S3_BUCKET) they live there instead.
 * - `free_story`: the one story the owner offers (at most one row, id "story"), naming its file.
 *   It shapes the home page (its button shows only while a story is there), so its writes bump
 *   the page generation like the settings' (migration 0014's triggers).
 * - `mail_outbox.recipient`: the address of a mail that belongs to no order (the free story);
 *   cleared once the mail is sent or given up.
 * - `store_settings.social_links`: the profile links as a JSON array, in display order.
 */
export async function up(db: Kysely<unknown>, { engine, timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("private_files")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("byte_length", "integer", (c) => c.notNull().check(sql`byte_length >= 0`))
    .addColumn("data", engine === "sqlite" ? "blob" : "bytea", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("free_story")
    .addColumn("id", "text", (c) => c.primaryKey().check(sql`id = 'story'`))
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("byte_length", "integer", (c) => c.notNull().check(sql`byte_length > 0`))
    .addColumn("uploaded_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.alterTable("mail_outbox").addColumn("recipient", "text").execute();
  await db.schema
    .alterTable("store_settings")
    .addColumn("social_links", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  if (engine === "sqlite") {
    for (const event of ["insert", "update", "delete"]) {
      await sql
        .raw(
          `create trigger free_story_${event}_page_generation after ${event} on free_story ` +
            `begin update page_generation set generation = generation + 1 where id = 1; end`,
        )
        .execute(db);
    }
    return;
  }
  // Migration 0014's function: one deferred bump per transaction.
  await sql
    .raw(
      `create constraint trigger free_story_page_generation after insert or update or delete on free_story ` +
        `deferrable initially deferred for each row execute function bump_page_generation()`,
    )
    .execute(db);
}
