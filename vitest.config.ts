import { defineConfig } from "vitest/config";

// Vitest's default on this 2-core machine is one file at a time (cores − 1). Most test time is
// waiting (a server process, Chromium, a hashing queue, a database), so two files at a time
// use the cores that waiting leaves idle. Every file has its own database, data directory and
// port, so files never share state.
const FILES_AT_A_TIME = 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "server/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "deploy/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
          // Migrates (and seeds) one database per engine once per run; each test gets a copy.
          globalSetup: ["tests/support/test-database-templates.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: FILES_AT_A_TIME,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // Migrates and seeds the database once per run; each file's server starts on a copy.
          globalSetup: ["tests/support/e2e-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server (free port, temporary DATA_DIR) and Chromium: two at
          // a time fit in two cores; more only make each one slower.
          maxWorkers: FILES_AT_A_TIME,
        },
      },
    ],
  },
});
