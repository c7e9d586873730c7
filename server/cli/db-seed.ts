// `npm run db:seed`: migrates, then seeds the demo catalogue if (and only if) the database is empty;
// `npm run db:seed -- --demo` also seeds the three sample orders (made-up customers), whatever
// NODE_ENV says, so a live shop never gets them unless someone asks.
import { createCoverStore, loadEnvOrExit } from "#server/boot.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";

const env = loadEnvOrExit();
const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateToLatest(handle);
  const result = await seedDatabase(
    { db: handle.db, clock: () => new Date(), covers: await createCoverStore(env, handle) },
    { sampleOrders: process.argv.slice(2).includes("--demo") },
  );
  console.log(
    !result.seeded
      ? "The database already holds a store: nothing seeded."
      : result.orders > 0
        ? `Seeded ${result.books} books, ${result.orders} sample orders and the default store settings.`
        : `Seeded ${result.books} books and the default store settings (no sample orders: --demo adds them).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
