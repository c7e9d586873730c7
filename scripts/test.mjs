// `npm test`: builds the app (server tests and browser tests run the real build), then runs
// every test. Browser tests need Chromium: without one they are skipped with a notice, except
// in CI (CI=true), where a missing Chromium is a failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit" }).status ?? 1;

if (process.env.SKIP_BUILD !== "1") {
  const status = run("npm", ["run", "build", "--silent"]);
  if (status !== 0) process.exit(status);
}

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const projects = ["--project", "unit"];
if (existsSync(chromePath)) {
  projects.push("--project", "e2e");
} else if (process.env.CI === "true") {
  console.error(`Browser tests cannot run: no Chromium at ${chromePath} (install Debian's chromium or set CHROME_PATH).`);
  process.exit(1);
} else {
  console.warn(`Browser tests skipped: no Chromium at ${chromePath} (install Debian's chromium or set CHROME_PATH).`);
}

process.exit(run("npx", ["vitest", "run", ...projects, ...process.argv.slice(2)]));
