// Bench figure "page weight": the gzipped JavaScript a visitor's browser fetches for a storefront
// page (every /assets/*.js Chromium requests while it loads the page, hydrates it and a visitor
// starts filling its form: scripts, module preloads, the islands' script, a page island's own
// chunk and what that fetches on first use, such as the checkout's schema check), against a production
// server. Used by bench/run.ts; the command line `npx tsx bench/page-weight.ts` prints the figures
// and the files of each page.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchBrowser } from "#tests/support/browser.ts";
import { startServerProcess } from "#tests/support/server-process.ts";
import { contextFor, storefrontPages } from "./storefront-pages.ts";

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
 * Every /assets/*.js the browser fetches for `page` until the page is hydrated and the network is
 * quiet; with `cookie` (a Cookie header: a signed-in customer's session) in the browser's cookies.
 */
async function fetchedScripts(
  browser: Browser,
  origin: string,
  page: string,
  cookie?: string,
): Promise<Map<string, string>> {
  const context = await contextFor(browser, origin, { cookie });
  try {
    const tab = await context.newPage();
    const names = new Set<string>();
    tab.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === origin && /^\/assets\/[\w.-]+\.js$/.test(url.pathname)) names.add(url.pathname);
    });
    const response = await tab.goto(`${origin}${page}`);
    if (!response?.ok()) throw new Error(`${page}: ${response?.status()}`);
    await tab.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // A page whose form fetches more once used (the checkout's schema check): as a buyer uses it.
    const field = tab.locator("main form[method=post] input:not([type=hidden])").first();
    if ((await field.count()) > 0) await field.focus();
    await tab.waitForLoadState("networkidle");
    const scripts = new Map<string, string>();
    for (const name of names) {
      const script = await fetch(`${origin}${name}`);
      if (!script.ok) throw new Error(`${name}: ${script.status}`);
      scripts.set(name, await script.text());
    }
    return scripts;
  } finally {
    await context.close();
  }
}

export async function measurePageWeight(
  browser: Browser,
  origin: string,
  page: { name: string; path: string; cookie?: string | undefined },
): Promise<PageWeight> {
  const scripts = await fetchedScripts(browser, origin, page.path, page.cookie);
  const files = [...scripts].map(([name, code]) => ({ name, gzipBytes: gzipSync(code, { level: 9 }).length }));
  const chunks = chunkModules();
  const adminModules = [...scripts.keys()].flatMap((name) =>
    (chunks[name.slice(1)]?.modules ?? []).filter((module) => ADMIN_CODE.test(module)),
  );
  return { page: page.name, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files, adminModules };
}

/** The storefront pages the target covers, measured on a freshly seeded production server. */
export async function measureStorefrontPageWeights(): Promise<PageWeight[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-weight-"));
  const server = await startServerProcess({ dataDir });
  let browser: Browser | undefined;
  try {
    // The checkout page with a book in its cart: its form and all; the signed-in pages with a session.
    const pages = await storefrontPages(dataDir, server.url);
    browser = await launchBrowser();
    const weights: PageWeight[] = [];
    for (const page of pages) weights.push(await measurePageWeight(browser, server.url, page));
    return weights;
  } finally {
    await browser?.close();
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
