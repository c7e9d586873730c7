import { defineConfig } from "vitest/config";

// Browser files: two at a time (each starts a server process and Chromium, which two cores fill;
// three took 113 s against 110 s for the browser project, 2026-11-24). Every file has its own database, data directory and port, so
// files never share state.
const BROWSER_FILES_AT_A_TIME = 2;
// Server-test files wait more than they compute (a database, a hashing queue, a rate-limit
// window), so four at a time keep two cores busy: 239 s → 129 s for the server project on this
// machine (2026-11-24, with PostgreSQL and Redis; six: 121 s). Decision 8.
const SERVER_FILES_AT_A_TIME = 4;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: [
            "server/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "common/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/support/**/*.test.ts",
            "deploy/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
          // Migrates (and seeds) one database per engine once per run; each test gets a copy.
          globalSetup: ["tests/support/test-database-templates.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker instead of one per file: each file used to import the
          // server and the React Router build again (≈40 s of a run's CPU). Safe because server
          // tests share no module state: no mocks, no fake timers, no environment changes, and
          // every test builds its own services (decision 8).
          isolate: false,
          maxWorkers: SERVER_FILES_AT_A_TIME,
          // Vitest runs projects with different worker counts one after the other, in this order.
          sequence: { groupOrder: 0 },
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
          maxWorkers: BROWSER_FILES_AT_A_TIME,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
