// `npm run db:seed`: migrates, then seeds the demo catalogue if (and only if) the database is empty.
import { createCoverStore, loadEnvOrExit } from "#server/boot.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";

const env = loadEnvOrExit();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateToLatest(handle);
  const result = await seedDatabase({
    db: handle.db,
    clock: () => new Date(),
    covers: await createCoverStore(env, handle),
  });
  console.log(
    result.seeded
      ? `Seeded ${result.books} books, ${result.orders} sample orders and the default store settings.`
      : "The database already holds a store: nothing seeded.",
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
