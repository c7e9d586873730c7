// Child process for the crash-durability test: writes one subscriber per transaction and prints
// each id only after its commit returned. The parent kills it with SIGKILL mid-stream; the limit
// (argv[3]) only ends a writer whose parent never does.
import { randomUUID } from "node:crypto";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";

const handle = openDatabase({ dataDir: process.argv[2]! });
const limit = Number(process.argv[3] ?? 100_000);
await migrateToLatest(handle);
process.stdout.write("ready\n");
for (let i = 0; i < limit; i++) {
  const id = randomUUID();
  await handle.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("email_subscribers")
      .values({ id, email: `reader-${i}@example.com`, subscribed_at: new Date().toISOString() })
      .execute();
  });
  process.stdout.write(`${id}\n`);
}
await handle.close();
