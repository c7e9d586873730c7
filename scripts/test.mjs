// `npm test`: builds the app (server tests and browser tests run the real build), then runs
// every test. Browser tests need Chromium: without one they are skipped with a notice, except
// in CI (CI=true), where a missing Chromium is a failure. The same for PostgreSQL: data tests
// run on it too only when TEST_DATABASE_URL is set (.ci/run sets it), and rate-limit tests on
// Redis only when TEST_REDIS_URL is set.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit" }).status ?? 1;

if (process.env.SKIP_BUILD !== "1") {
  const status = run("npm", ["run", "build", "--silent"]);
  if (status !== 0) process.exit(status);
}

// The same default as tests/support/browser.ts (TEST_BROWSER_PATH).
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium-headless-shell";
const projects = ["--project", "server"];
/** What this run leaves out, said before and after it. */
const skipped = [];
if (existsSync(chromePath)) {
  projects.push("--project", "e2e");
} else if (process.env.CI === "true") {
  console.error(
    `Browser tests cannot run: no Chromium at ${chromePath} (install Debian's chromium-headless-shell or set CHROME_PATH).`,
  );
  process.exit(1);
} else {
  skipped.push(
    `Browser tests skipped: no Chromium at ${chromePath} (install Debian's chromium-headless-shell or set CHROME_PATH).`,
  );
}

// Services the data tests use when they are there; in CI each must be.
const OPTIONAL_SERVICES = [
  [
    "TEST_DATABASE_URL",
    "PostgreSQL skipped: TEST_DATABASE_URL is not set, so data tests run on SQLite only (set it to a postgres:// URL where tests may create databases).",
  ],
  [
    "TEST_REDIS_URL",
    "Redis skipped: TEST_REDIS_URL is not set, so rate-limit tests run on the database stores only (set it to a redis:// URL; tests use keys of their own).",
  ],
];
for (const [variable, notice] of OPTIONAL_SERVICES) {
  if (process.env[variable]) continue;
  if (process.env.CI === "true") {
    console.error(notice);
    process.exit(1);
  }
  skipped.push(notice);
}

// Said before the run and again after it, where the summary is read.
for (const notice of skipped) console.warn(notice);
const status = run("npx", ["vitest", "run", ...projects, ...process.argv.slice(2)]);
for (const notice of skipped) console.warn(notice);
process.exit(status);
