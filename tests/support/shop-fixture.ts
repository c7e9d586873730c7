import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";

export interface Shop {
  server: ServerProcess;
  browser: Browser;
  /** The server's own DATA_DIR (SQLite file, uploads, outbox). */
  dataDir: string;
}

/**
 * For a browser test file: the built server on a fresh data directory and a Chromium, started
 * before the file's tests and torn down after. Read the fields inside tests (they are set in
 * beforeAll).
 */
export function useShop(env: Record<string, string> = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    shop.dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
    shop.server = await startServerProcess({ dataDir: shop.dataDir, env });
    shop.browser = await launchBrowser();
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.server?.stop();
    if (shop.dataDir) rmSync(shop.dataDir, { recursive: true, force: true });
  });
  return shop;
}
