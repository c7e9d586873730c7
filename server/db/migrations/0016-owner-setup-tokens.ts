import type { Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";

/**
 * The one-time links to create the first admin account (server/accounts/owner-setup.ts). Only a
 * hash of each token is kept: a copy of the database opens no setup page. In the database, not
 * in a process, so every instance on it accepts a link any of them printed.
 */
export async function up(db: Kysely<unknown>, { timestamp }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("owner_setup_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("expires_at", timestamp, (c) => c.notNull())
    .execute();
}
