import { expect } from "vitest";
import type { Page } from "playwright-core";

/**
 * Keeps the paths of the scripts `page` loads from now on, in the array it returns.
 * Empty that array (`scripts.length = 0`) before the next visit to look at that one only.
 */
export function recordScriptPaths(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * Expects `page` to be an island page (decision 21): the islands' script loaded first, the
 * form's own chunk when `chunk` names it (e.g. "contact-form"), and no React Router in the window.
 */
export async function expectIslandPage(page: Page, scripts: string[], chunk?: string, label?: string): Promise<void> {
  expect(scripts[0], label).toMatch(/^\/assets\/islands-client-[\w-]+\.js$/);
  if (chunk) {
    const chunkPath = new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`);
    expect(scripts.some((script) => chunkPath.test(script))).toBe(true);
  }
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
}
