// Bench figure "page weight": the gzipped JavaScript a visitor's browser fetches for a storefront
// page (every /assets/*.js the server's HTML names: scripts, module preloads and the inline
// module script's imports), against a production server. Used by bench/run.ts; the command
// line `npx tsx bench/page-weight.ts` prints the figures and the files of each page.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServerProcess } from "#tests/support/server-process.ts";

export interface PageWeight {
  page: string;
  /** Gzipped (level 9) bytes of every script the page loads. */
  gzipBytes: number;
  files: { name: string; gzipBytes: number }[];
  /** Admin source modules (app/routes/admin, app/features/admin*) inside those scripts. */
  adminModules: string[];
}

const ADMIN_CODE = /^app\/(routes\/admin\/|features\/admin)/;

/** The source modules of each chunk, as vite.config.ts writes them at build time. */
function chunkModules(): Record<string, { modules: string[] }> {
  return JSON.parse(readFileSync("build/client-chunks.json", "utf8"));
}

/**
 * Every /assets/*.js the HTML loads (module preloads, script sources, the inline module script's
 * imports), once each. Not every mention: the inline route manifest names other pages' modules too.
 */
export function scriptAssets(html: string): string[] {
  const loads =
    /(?:<link[^>]*rel="modulepreload"[^>]*href="|<script[^>]*src="|\bimport\s*\(?\s*(?:[^"';]*from\s*)?")(\/assets\/[\w.-]+\.js)"/g;
  return [...new Set([...html.matchAll(loads)].map((match) => match[1]!))];
}

/** Every module of a page's scripts, following static imports between chunks. */
async function fetchScripts(origin: string, html: string): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  const queue = scriptAssets(html);
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (scripts.has(name)) continue;
    const response = await fetch(`${origin}${name}`);
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    const code = await response.text();
    scripts.set(name, code);
    // A chunk's static imports are relative ("./x.js"): the browser fetches them even if the
    // HTML forgot to preload them, so they count.
    for (const [, file] of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)) {
      queue.push(`/assets/${file}`);
    }
  }
  return scripts;
}

export async function measurePageWeight(origin: string, page: string): Promise<PageWeight> {
  const response = await fetch(`${origin}${page}`);
  if (!response.ok) throw new Error(`${page}: ${response.status}`);
  const scripts = await fetchScripts(origin, await response.text());
  const files = [...scripts].map(([name, code]) => ({ name, gzipBytes: gzipSync(code, { level: 9 }).length }));
  const chunks = chunkModules();
  const adminModules = [...scripts.keys()].flatMap((name) =>
    (chunks[name.slice(1)]?.modules ?? []).filter((module) => ADMIN_CODE.test(module)),
  );
  return { page, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files, adminModules };
}

/** A book page's address, taken from the home page's links. */
async function firstBookPage(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/`)).text();
  const slug = html.match(/href="(\/books\/[\w-]+)"/)?.[1];
  if (!slug) throw new Error("No book link on the home page");
  return slug;
}

/** The storefront pages the target covers, measured on a freshly seeded production server. */
export async function measureStorefrontPageWeights(): Promise<PageWeight[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-weight-"));
  const server = await startServerProcess({ dataDir });
  try {
    const pages = ["/", await firstBookPage(server.url), "/books", "/checkout"];
    const weights: PageWeight[] = [];
    for (const page of pages) weights.push(await measurePageWeight(server.url, page));
    return weights;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const weight of await measureStorefrontPageWeights()) {
    console.log(
      `${weight.page}: ${(weight.gzipBytes / 1024).toFixed(1)} kB in ${weight.files.length} files, admin modules: ${weight.adminModules.length}`,
    );
    for (const file of weight.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`  ${(file.gzipBytes / 1024).toFixed(1).padStart(6)} kB ${file.name}`);
    }
  }
}
