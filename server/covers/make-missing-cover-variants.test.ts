import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { coverDeps, storedCoverKeys, storedCoverVariantKeys, type CoverTestDeps } from "#tests/support/cover-deps.ts";
import { startS3StandIn, standInBucketOptions, type S3StandIn } from "#tests/support/s3-stand-in.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { BucketCoverStore } from "./bucket-cover-store.ts";
import { webpCover, type CoverImage, type CoverStore } from "./cover-store.ts";
import { DatabaseCoverStore } from "./database-cover-store.ts";
import { makeMissingCoverVariants } from "./make-missing-cover-variants.ts";
import { releaseUnusedCover } from "./release-unused-cover.ts";

const cover = async (background: string, width = 600, height = 800) =>
  webpCover(
    await sharp({ create: { width, height, channels: 3, background } })
      .webp()
      .toBuffer(),
  );

const STORES = ["database", "bucket"] as const;
const CASES = TEST_ENGINES.flatMap((engine) => STORES.map((store) => [engine, store] as const));

describe.each(CASES)("making the smaller copies of covers from before, on %s with the %s store", (engine, kind) => {
  let testDb: TestDatabase;
  let standIn: S3StandIn | null = null;
  let store: CoverStore;
  let deps: CoverTestDeps;
  beforeEach(async () => {
    testDb = await createTestDatabase(engine);
    if (kind === "bucket") {
      standIn = await startS3StandIn();
      store = new BucketCoverStore(standInBucketOptions(standIn));
    } else {
      store = new DatabaseCoverStore(testDb.handle.db);
    }
    deps = coverDeps(testDb, store);
  });
  afterEach(async () => {
    if (store instanceof BucketCoverStore) store.close();
    await testDb.cleanup();
    await standIn?.close();
    standIn = null;
  });

  /** Stores covers as a shop from before decision 18 did: without smaller copies. */
  const storeAsBefore = async (...covers: CoverImage[]) => {
    await testDb.handle.db.transaction().execute(async (trx) => {
      for (const c of covers) await store.put(trx, c);
    });
  };

  it("makes each cover's copies at 360 and 480 px once, and nothing the second time", async () => {
    const portrait = await cover("#a37");
    const narrow = await cover("#37a", 200, 300);
    await storeAsBefore(portrait, narrow);

    expect(await makeMissingCoverVariants(deps)).toEqual({ made: 2, missing: 0, failed: 0 });
    expect(await storedCoverKeys(testDb)).toEqual([portrait.key, narrow.key].sort());
    expect(await storedCoverVariantKeys(testDb)).toEqual(
      [`${portrait.key}-360w`, `${portrait.key}-480w`, `${narrow.key}-360w`, `${narrow.key}-480w`].sort(),
    );
    const size = async (key: string) => {
      const { width, height, format } = await sharp((await store.get(key))!.bytes).metadata();
      return { width, height, format };
    };
    expect(await size(`${portrait.key}-360w`)).toEqual({ width: 360, height: 480, format: "webp" });
    expect(await size(`${portrait.key}-480w`)).toEqual({ width: 480, height: 640, format: "webp" });
    // Never enlarged.
    expect(await size(`${narrow.key}-480w`)).toEqual({ width: 200, height: 300, format: "webp" });
    if (standIn) expect(standIn.objects.size).toBe(6);

    expect(await makeMissingCoverVariants(deps)).toEqual({ made: 0, missing: 0, failed: 0 });
  });

  it("makes only the copy that is missing", async () => {
    const c = await cover("#7a3");
    await storeAsBefore(c);
    await makeMissingCoverVariants(deps);
    const kept = Buffer.from((await store.get(`${c.key}-360w`))!.bytes);
    await testDb.handle.db.deleteFrom("cover_images").where("key", "=", `${c.key}-480w`).execute();

    expect(await makeMissingCoverVariants(deps)).toEqual({ made: 1, missing: 0, failed: 0 });
    expect(await storedCoverVariantKeys(testDb)).toEqual([`${c.key}-360w`, `${c.key}-480w`]);
    expect(Buffer.compare(Buffer.from((await store.get(`${c.key}-360w`))!.bytes), kept)).toBe(0);
  });

  it("is safe when two instances start at once", async () => {
    const covers = await Promise.all(["#111", "#222", "#333", "#444"].map((bg) => cover(bg)));
    await storeAsBefore(...covers);
    const results = await Promise.all([
      makeMissingCoverVariants(deps),
      makeMissingCoverVariants(coverDeps(testDb, store)),
    ]);
    // Both may draw a cover; every copy is stored exactly once under its key.
    expect(results.every((r) => r.missing === 0 && r.failed === 0)).toBe(true);
    expect(await storedCoverVariantKeys(testDb)).toEqual(
      covers.flatMap((c) => [`${c.key}-360w`, `${c.key}-480w`]).sort(),
    );
    expect(await makeMissingCoverVariants(deps)).toEqual({ made: 0, missing: 0, failed: 0 });
  });

  it("leaves no copies behind for a cover released while they were being drawn", async () => {
    const c = await cover("#a73");
    await storeAsBefore(c);
    // The real store, with a release (no book shows the cover) slipped in right after its read.
    const releasing: CoverStore = {
      kind: store.kind,
      put: (trx, image) => store.put(trx, image),
      has: (key) => store.has(key),
      delete: (key) => store.delete(key),
      get: async (key) => {
        const read = await store.get(key);
        expect(await releaseUnusedCover(deps, { imageUrl: `/covers/${key}.webp` })).toBe(true);
        return read;
      },
    };
    expect(await makeMissingCoverVariants({ ...deps, covers: releasing })).toEqual({ made: 0, missing: 0, failed: 0 });
    expect(await storedCoverKeys(testDb)).toEqual([]);
    expect(await storedCoverVariantKeys(testDb)).toEqual([]);
    if (standIn) expect(standIn.objects.size).toBe(0);
  });

  it("carries on when the store cannot be read, and makes the copies at the next start", async () => {
    const c = await cover("#3a7");
    await storeAsBefore(c);
    // The real store, unreachable for reads (as a bucket that is down).
    const unreachable: CoverStore = {
      kind: store.kind,
      put: (trx, image) => store.put(trx, image),
      has: (key) => store.has(key),
      delete: (key) => store.delete(key),
      get: () => Promise.reject(new Error("connect ECONNREFUSED")),
    };
    expect(await makeMissingCoverVariants({ ...deps, covers: unreachable })).toEqual({
      made: 0,
      missing: 0,
      failed: 1,
    });
    expect(await storedCoverVariantKeys(testDb)).toEqual([]);
    expect(await makeMissingCoverVariants(deps)).toEqual({ made: 1, missing: 0, failed: 0 });
  });

  it("logs a cover whose image is gone and carries on with the others", async () => {
    const lost = await cover("#999");
    const kept = await cover("#666");
    await storeAsBefore(lost, kept);
    if (standIn) standIn.objects.delete(`covers/${lost.key}.webp`);
    else await testDb.handle.db.updateTable("cover_images").set({ data: null }).where("key", "=", lost.key).execute();

    expect(await makeMissingCoverVariants(deps)).toEqual({ made: 1, missing: 1, failed: 0 });
    expect(await storedCoverVariantKeys(testDb)).toEqual([`${kept.key}-360w`, `${kept.key}-480w`]);
    expect(deps.logs.filter((line) => line.level === 40).map((line) => line.key)).toEqual([lost.key]);
  });
});
