import type { Kysely } from "kysely";
import type { MigrationContext } from "../migration-context.ts";
import { createColumnIndex } from "../migration-builders.ts";

/**
 * The shared counters of every rate limit (server/security/rate-limit-store.ts), in the layout
 * rate-limiter-flexible's RateLimiterPostgres and RateLimiterSQLite read and write: `key`
 * (the limit's prefix and its own key), `points` used, `expire` in epoch milliseconds (null:
 * never). Created here, not by the library, so the table exists before any instance serves.
 * `key` is text rather than the library's varchar(255): an e-mail and a client address together
 * can be longer.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", engine === "sqlite" ? "integer" : "bigint")
    .execute();
  // The library's clean-up deletes by expiry every five minutes.
  await createColumnIndex(db, "rate_limits_expire_idx", "rate_limits", ["expire"]);
}
