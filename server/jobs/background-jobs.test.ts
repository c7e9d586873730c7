import { afterEach, describe, expect, it } from "vitest";
import { startServices } from "#server/boot.ts";
import { loadEnv } from "#server/config/env.ts";
import { createLogger } from "#server/logging/logger.ts";
import type { AppServices } from "#server/services.ts";
import { createEmptyTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { runExclusively, startBackgroundJobs } from "./background-jobs.ts";

describe.each(TEST_ENGINES)("background jobs on %s", (engine) => {
  let testDb: TestDatabase;
  let services: AppServices;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  async function start() {
    testDb = await createEmptyTestDatabase(engine);
    const env = loadEnv({ DATA_DIR: testDb.dataDir, NODE_ENV: "test", APP_SECRET: "j".repeat(40) });
    services = await startServices(env, { database: testDb.handle, logger: createLogger("silent") });
    return services;
  }

  it("runs a job on one instance at a time, and again once the other finished", async () => {
    const services = await start();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const job = {
      name: "test-job",
      everyMs: 1000,
      async run() {
        runs += 1;
        await held;
      },
    };
    const first = runExclusively(services, job);
    await expect.poll(() => runs).toBe(1);
    // Another instance's round of the same job while the first still runs (SQLite has one instance).
    if (engine === "postgres") expect(await runExclusively(services, job)).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await runExclusively(services, { ...job, run: async () => void (runs += 1) })).toBe(true);
  });

  it("never starts a second run of a job while one is in progress, and stops cleanly", async () => {
    const services = await start();
    let active = 0;
    let most = 0;
    let runs = 0;
    let ticks = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stop = startBackgroundJobs(services, [
      {
        name: "slow-job",
        everyMs: 20,
        async run() {
          active += 1;
          runs += 1;
          most = Math.max(most, active);
          // Held until the test has seen its ticks pass: a run that outlasts several of them.
          await held;
          active -= 1;
        },
      },
      // Started second on the same interval, so each of its ticks comes after the slow job's.
      { name: "ticker", everyMs: 20, run: async () => void (ticks += 1) },
    ]);
    await expect.poll(() => ticks, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    // The slow job's timer fired at least three times meanwhile: one run, still in progress.
    expect([runs, active]).toEqual([1, 1]);
    release();
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await stop();
    expect(most).toBe(1);
    expect(active).toBe(0);
  });
});
