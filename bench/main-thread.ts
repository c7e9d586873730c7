// Bench figure "main thread after the first paint" (issue 30): how long each storefront page
// blocks the main thread once it has painted, on a cheap phone's CPU: Chromium with its CPU
// slowed 4× (DevTools' CPU throttling), the page loaded from a production server, its long tasks
// (over 50 ms) observed from the first contentful paint until the page is hydrated and the
// network quiet. The figure is the blocking part of those tasks (each beyond its first 50 ms, as
// Lighthouse counts Total Blocking Time), the median of 3 loads. Used by bench/run.ts; the
// command line `npx tsx bench/main-thread.ts` prints the figures.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "#tests/support/browser.ts";
import { startServerProcess } from "#tests/support/server-process.ts";
import { contextFor, storefrontPages, type StorefrontPage } from "./storefront-pages.ts";

const CPU_SLOWDOWN = 4;
const LOADS = 3;
/** After hydration and a quiet network: time for a task the page still queued (a deferred island) to show. */
const SETTLE_MS = 1000;

export interface MainThreadFigure {
  page: string;
  /** Median over the loads, milliseconds. */
  blockedMs: number;
  /** Each load's figure, as measured. */
  loads: number[];
}

/** Records long tasks and the first contentful paint from the document's start. */
const OBSERVE = `(() => {
  const seen = (window.__benchLongTasks = []);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.push([e.startTime, e.duration]); })
    .observe({ type: "longtask", buffered: true });
})()`;

async function blockedAfterFirstPaint(browser: Browser, origin: string, page: StorefrontPage): Promise<number> {
  const context = await contextFor(browser, origin, page, { viewport: { width: 360, height: 740 }, isMobile: true });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const response = await tab.goto(`${origin}${page.path}`);
    if (!response?.ok()) throw new Error(`${page.path}: ${response?.status()}`);
    await tab.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 60_000 });
    await tab.waitForLoadState("networkidle");
    await tab.waitForTimeout(SETTLE_MS);
    return await tab.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const tasks = (window as unknown as { __benchLongTasks: [number, number][] }).__benchLongTasks;
      // A task running across the paint counts from the paint on.
      return tasks
        .map(([start, duration]) => Math.min(duration, start + duration - paint))
        .filter((after) => after > 50)
        .reduce((sum, after) => sum + (after - 50), 0);
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureMainThread(): Promise<MainThreadFigure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-main-thread-"));
  const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: "warn" } });
  let browser: Browser | undefined;
  try {
    const pages = await storefrontPages(dataDir, server.url);
    browser = await launchBrowser();
    const figures: MainThreadFigure[] = [];
    for (const page of pages) {
      const loads: number[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await blockedAfterFirstPaint(browser, server.url, page));
      figures.push({ page: page.name, blockedMs: median(loads), loads });
    }
    return figures;
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await measureMainThread()) {
    console.log(
      `${figure.page}: ${figure.blockedMs.toFixed(0)} ms (loads: ${figure.loads.map((ms) => ms.toFixed(0)).join(", ")})`,
    );
  }
}
