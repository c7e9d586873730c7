// The idle memory of the built server after an anonymous warm-up (issue 14's target: RSS ≤ 150 MB).
// `npm run bench` uses `measureIdleMemory`; run alone it measures several fresh starts, the machine
// being shared and noisy:
//   npx tsx bench/idle-memory.ts [--runs 3] [--modules]
// `--modules` adds one more start that lists the packages the idle server has loaded, each with
// what it costs when imported alone into an empty Node process.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServerProcess, type ServerProcess } from "#tests/support/server-process.ts";

/** Every kind of storefront page once (their modules loaded), then the home page 30 times. */
const WARM_UP_PAGES = ["/books", "/about-us", "/contact-us", "/track-order", "/login", "/checkout", "/sitemap.xml"];
const HOME_PAGE_VISITS = 30;
/** A moment for the garbage collector: what a quiet shop holds between visits. */
const SETTLE_MS = 3000;

const PROBE = fileURLToPath(new URL("./memory-probe.mjs", import.meta.url));

export interface IdleMemory {
  rssMb: number;
  /** From the server's own process.memoryUsage(); absent when it was started without the probe. */
  heapUsedMb?: number;
  heapTotalMb?: number;
  externalMb?: number;
  /** Files and URLs the server imported (only with `memoryProbeEnv({ modules: true })`). */
  modules?: string[];
}

/** The environment that preloads bench/memory-probe.mjs into a server started with it. */
export function memoryProbeEnv(options: { modules?: boolean } = {}): Record<string, string> {
  return {
    NODE_OPTIONS: `--import=${PROBE}`,
    MEMORY_PROBE_FILE: path.join(mkdtempSync(path.join(tmpdir(), "shop-memory-probe-")), "usage.json"),
    ...(options.modules ? { MEMORY_PROBE_MODULES: "1" } : {}),
  };
}

export function rssMb(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** Warms a just-started server up with anonymous visits, lets it settle, then reads its memory. */
export async function measureIdleMemory(server: ServerProcess): Promise<IdleMemory> {
  for (const page of WARM_UP_PAGES) await (await fetch(`${server.url}${page}`)).text();
  for (let i = 0; i < HOME_PAGE_VISITS; i++) await (await fetch(`${server.url}/`)).text();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const pid = server.child.pid!;
  const measured: IdleMemory = { rssMb: rssMb(pid) };
  const probeFile = probeFileOf(pid);
  if (!probeFile) return measured;
  server.child.kill("SIGUSR2");
  const usage = await readProbe(probeFile);
  await rm(path.dirname(probeFile), { recursive: true, force: true });
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return {
    ...measured,
    heapUsedMb: mb(usage.memory.heapUsed),
    heapTotalMb: mb(usage.memory.heapTotal),
    externalMb: mb(usage.memory.external),
    ...(usage.modules.length > 0 ? { modules: usage.modules } : {}),
  };
}

/** The probe's file, when the server was started with `memoryProbeEnv()`. */
function probeFileOf(pid: number): string | undefined {
  const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  return environ.find((entry) => entry.startsWith("MEMORY_PROBE_FILE="))?.slice("MEMORY_PROBE_FILE=".length);
}

async function readProbe(file: string): Promise<{ memory: NodeJS.MemoryUsage; modules: string[] }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return JSON.parse(await readFile(file, "utf8")) as { memory: NodeJS.MemoryUsage; modules: string[] };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("The memory probe did not answer (is the server started with memoryProbeEnv()?)");
}

/** The project's own dependencies among the imported files, by package name. */
function directDependencies(modules: string[]): string[] {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  const names = new Set<string>();
  for (const module of modules) {
    const match = module.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
    if (match && match[1]! in manifest.dependencies) names.add(match[1]!);
  }
  return [...names].sort();
}

/** What importing one package costs an empty Node process (after a full garbage collection). */
function costAlone(name: string): { rssMb: number; heapMb: number } {
  const script = `
    const before = process.memoryUsage();
    await import(${JSON.stringify(name)});
    globalThis.gc();
    const after = process.memoryUsage();
    console.log(JSON.stringify({ rssMb: (after.rss - before.rss) / 1048576, heapMb: (after.heapUsed - before.heapUsed) / 1048576 }));`;
  const output = execFileSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, NODE_ENV: "production" },
  });
  return JSON.parse(output) as { rssMb: number; heapMb: number };
}

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(args[args.indexOf("--runs") + 1] || 3) || 3;
  const listModules = args.includes("--modules");
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-idle-memory-"));
  try {
    // The first start migrates and seeds; every measured start is a second one on that data.
    await (await startServerProcess({ dataDir })).stop();
    const format = (mb: number | undefined) => (mb === undefined ? "?" : mb.toFixed(1));
    for (let run = 1; run <= runs; run++) {
      const server = await startServerProcess({ dataDir, env: memoryProbeEnv() });
      try {
        const idle = await measureIdleMemory(server);
        console.log(
          `run ${run}: RSS ${format(idle.rssMb)} MB, heap used ${format(idle.heapUsedMb)} MB (of ${format(idle.heapTotalMb)}), external ${format(idle.externalMb)} MB`,
        );
      } finally {
        await server.stop();
      }
    }
    if (!listModules) return;
    const server = await startServerProcess({ dataDir, env: memoryProbeEnv({ modules: true }) });
    let modules: string[];
    try {
      modules = (await measureIdleMemory(server)).modules ?? [];
    } finally {
      await server.stop();
    }
    console.log(`\nThe idle server imported ${modules.length} modules; its own dependencies among them, each alone:`);
    const costs = directDependencies(modules).map((name) => ({ name, ...costAlone(name) }));
    for (const cost of costs.sort((a, b) => b.rssMb - a.rssMb)) {
      console.log(
        `  ${cost.name.padEnd(32)} RSS +${format(cost.rssMb).padStart(5)} MB, heap +${format(cost.heapMb)} MB`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
