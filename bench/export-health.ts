// "/healthz during an export": the p99 of /healthz, asked one after another, while an admin
// downloads the subscribers CSV of 200,000 rows as fast as it comes, against a real
// build/node/main.js process on SQLite (better-sqlite3 runs each page's query synchronously, so
// an export that never yields holds every other request until it ends). Used by bench/run.ts;
// `npx tsx bench/export-health.ts` prints the figure alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { openDatabase } from "#server/db/database.ts";
import { startServerProcess } from "#tests/support/server-process.ts";
import { percentile } from "./percentile.ts";
import { fillSubscribers } from "./subscribers-export.ts";

const APP_SECRET = "export-health-bench-secret-0123456789abcdef-01";
const ADMIN = { email: "owner@example.com", password: "Shepherd-Psalm-23-Still-Waters" };
/** Health checks sampled (the export runs again as often as needed meanwhile). */
const SAMPLES = 400;

/**
 * The admin's side, in a worker: downloads the export again and again (uncompressed, as curl
 * asks: gzip, a browser's choice, would hand each chunk to zlib, a turn of the loop anyway) until
 * told to stop, then posts how many finished and how long the last one took.
 */
const EXPORTER = `
const { parentPort, workerData } = require("node:worker_threads");
let stopping = false;
parentPort.once("message", () => (stopping = true));
(async () => {
  let exports = 0;
  let exportMs = 0;
  do {
    const started = performance.now();
    const response = await fetch(workerData.url, {
      headers: { cookie: workerData.cookie, "accept-encoding": "identity" },
    });
    if (response.status !== 200) throw new Error("the export answered " + response.status);
    const reader = response.body.getReader();
    while (!(await reader.read()).done);
    exportMs = performance.now() - started;
    exports++;
  } while (!stopping);
  parentPort.postMessage({ exports, exportMs });
})();
`;

export interface ExportHealth {
  /** The same checks' p99 with no export running, for comparison. */
  restP99: number;
  healthP50: number;
  healthP99: number;
  exports: number;
  exportMs: number;
}

export async function measureExportHealth(): Promise<ExportHealth> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-export-health-"));
  // Filled before the server starts; the server migrates and seeds the rest.
  const first = await startServerProcess({ dataDir, env: { APP_SECRET, LOG_LEVEL: "warn" } });
  await first.stop();
  const db = openDatabase({ dataDir });
  try {
    await fillSubscribers(db);
  } finally {
    await db.close();
  }
  const server = await startServerProcess({
    dataDir,
    env: { APP_SECRET, NODE_ENV: "production", LOG_LEVEL: "warn" },
  });
  try {
    const form = (values: Record<string, string>): RequestInit => ({
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(values),
    });
    const setupToken = server.output().match(/\/setup\?token=([\w-]+)/)?.[1];
    if (!setupToken) throw new Error("no setup link in the server's log");
    await (await fetch(`${server.url}/setup?token=${setupToken}`, form({ token: setupToken, ...ADMIN }))).text();
    const signedIn = await fetch(`${server.url}/login`, form({ ...ADMIN, redirectTo: "/" }));
    await signedIn.text();
    if (signedIn.status !== 302) throw new Error(`admin sign-in answered ${signedIn.status}`);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/healthz`)).text(); // warm-up
    const rest = await healthLatencies(server.url, SAMPLES);

    // The admin's downloads run in a thread of their own, so that reading 200,000 rows does not
    // hold up the health checks' own event loop here.
    const exporter = new Worker(EXPORTER, {
      eval: true,
      workerData: { url: `${server.url}/admin/subscribers.csv`, cookie },
    });
    const exported = new Promise<{ exports: number; exportMs: number }>((resolve, reject) => {
      exporter.on("message", resolve);
      exporter.on("error", reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the export is under way
    const during = await healthLatencies(server.url, SAMPLES);
    exporter.postMessage("stop");
    const { exports, exportMs } = await exported;
    await exporter.terminate();
    return {
      restP99: percentile(rest, 0.99),
      healthP50: percentile(during, 0.5),
      healthP99: percentile(during, 0.99),
      exports,
      exportMs,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `count` health checks one after another, each one's time in ms, sorted. */
async function healthLatencies(url: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).text();
    latencies.push(performance.now() - t0);
  }
  return latencies.sort((a, b) => a - b);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureExportHealth();
  console.log(
    `/healthz while exporting 200,000 subscribers: p50 ${figures.healthP50.toFixed(1)} ms, p99 ${figures.healthP99.toFixed(1)} ms (at rest: p99 ${figures.restP99.toFixed(1)} ms; ${figures.exports} exports, the last ${figures.exportMs.toFixed(0)} ms)`,
  );
}
