import { Writable } from "node:stream";
import type { CoverStore } from "#server/covers/cover-store.ts";
import { DatabaseCoverStore } from "#server/covers/database-cover-store.ts";
import type { ReleaseCoverDeps } from "#server/covers/release-unused-cover.ts";
import { createLogger } from "#server/logging/logger.ts";
import type { Clock } from "#server/services.ts";
import type { TestDatabase } from "./test-database.ts";

export interface CoverTestDeps extends ReleaseCoverDeps {
  clock: Clock;
  /** Every log line written so far, parsed. */
  logs: Record<string, unknown>[];
}

/**
 * What the cover use cases need, over a test database: its cover store (the database by default), a
 * captured log and the real clock.
 */
export function coverDeps(testDb: TestDatabase, covers?: CoverStore): CoverTestDeps {
  const logs: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
      callback();
    },
  });
  return {
    db: testDb.handle.db,
    database: testDb.handle,
    covers: covers ?? new DatabaseCoverStore(testDb.handle.db),
    logger: createLogger("info", destination),
    clock: () => new Date(),
    logs,
  };
}

/** The keys of the stored covers, sorted, without their smaller copies' (see storedCoverVariantKeys). */
export async function storedCoverKeys(testDb: TestDatabase): Promise<string[]> {
  return (await allStoredKeys(testDb)).filter((key) => !key.includes("-"));
}

/** The keys of the covers' smaller copies ("<sha256>-360w"), sorted. */
export async function storedCoverVariantKeys(testDb: TestDatabase): Promise<string[]> {
  return (await allStoredKeys(testDb)).filter((key) => key.includes("-"));
}

async function allStoredKeys(testDb: TestDatabase): Promise<string[]> {
  const rows = await testDb.handle.db.selectFrom("cover_images").select("key").orderBy("key").execute();
  return rows.map((row) => row.key);
}
