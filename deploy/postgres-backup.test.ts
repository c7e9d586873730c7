import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COVER_VARIANT_WIDTHS } from "#common/books/cover-limits.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { createThrowawayPostgresDatabase } from "#tests/support/test-database.ts";

// docs/deploy.md's PostgreSQL backup commands, run as written: a custom-format pg_dump of a shop
// and pg_restore --clean into the shop's database give back its books and their covers.
const PG_DUMP = "/usr/bin/pg_dump";
const PG_RESTORE = "/usr/bin/pg_restore";

describe.skipIf(!process.env.TEST_DATABASE_URL || !existsSync(PG_DUMP) || !existsSync(PG_RESTORE))(
  "PostgreSQL backup with pg_dump and pg_restore",
  () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it("restores every book and cover a dump was taken with, replacing what came after", async () => {
      const shop = await createThrowawayPostgresDatabase();
      cleanups.push(shop.drop);
      const dir = mkdtempSync(path.join(tmpdir(), "shop-pg-backup-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const handle = openDatabase({ databaseUrl: shop.url, dataDir: dir });
      cleanups.push(() => handle.close());
      await migrateToLatest(handle);
      await seedDatabase({ db: handle.db, clock: () => new Date() }, { sampleOrders: true });
      const count = async (table: "books" | "cover_images") =>
        Number(
          (
            await handle.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const [books, covers] = [await count("books"), await count("cover_images")];
      expect(books).toBeGreaterThan(0);
      // Every book's cover and its smaller copies (decision 18).
      expect(covers).toBe(books * (1 + COVER_VARIANT_WIDTHS.length));

      const dump = path.join(dir, "shop.dump");
      const dumped = spawnSync(PG_DUMP, ["--format=custom", `--file=${dump}`, shop.url], { encoding: "utf8" });
      expect(dumped.stderr).toBe("");
      expect(dumped.status).toBe(0);

      // Something goes wrong after the backup.
      await handle.db.deleteFrom("books").execute();
      await handle.db.deleteFrom("cover_images").execute();

      const restored = spawnSync(PG_RESTORE, ["--clean", `--dbname=${shop.url}`, dump], { encoding: "utf8" });
      expect(restored.stderr).toBe("");
      expect(restored.status).toBe(0);
      const restoredBooks = await handle.db.selectFrom("books").select("image_url").execute();
      expect(restoredBooks).toHaveLength(books);
      const restoredCovers = await handle.db.selectFrom("cover_images").select(["key", "data"]).execute();
      expect(restoredCovers).toHaveLength(covers);
      expect(restoredCovers.every((cover) => cover.data && cover.data.length > 0)).toBe(true);
    });
  },
);
