// `npm run db:backup [-- <file>]`: a consistent online copy of the SQLite shop, safe while it runs.
import { loadEnvOrExit } from "#server/boot.ts";
import { backupSqlite } from "#server/db/sqlite-backup.ts";

const env = loadEnvOrExit();
if (env.DATABASE_URL) {
  console.error("The shop runs on PostgreSQL: back it up with pg_dump (see docs/deploy.md).");
  process.exit(1);
}
try {
  const file = await backupSqlite({ dataDir: env.DATA_DIR, destination: process.argv[2] });
  console.log(`Backed up to ${file}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
