// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadEnvOrExit } from "#server/boot.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";

const env = loadEnvOrExit();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const applied = await migrateToLatest(handle);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
