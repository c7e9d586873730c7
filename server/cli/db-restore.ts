// `npm run db:restore -- <file>`: puts a backup made by db:backup back (the shop must be stopped).
import { loadEnvOrExit } from "#server/boot.ts";
import { restoreSqlite } from "#server/db/sqlite-backup.ts";

const env = loadEnvOrExit();
const source = process.argv[2];
if (env.DATABASE_URL) {
  console.error("The shop runs on PostgreSQL: restore it with pg_restore or psql (see docs/deploy.md).");
  process.exit(1);
}
if (!source) {
  console.error("Usage: npm run db:restore -- <backup file>");
  process.exit(1);
}
try {
  const kept = await restoreSqlite({ dataDir: env.DATA_DIR, source });
  console.log(`Restored ${source}.${kept ? ` The database it replaced is kept as ${kept}.` : ""}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
