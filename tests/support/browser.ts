import { chromium, type Browser } from "playwright-core";

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` (the old headless mode, which
 * Playwright itself runs headless by default), unless CHROME_PATH says otherwise. It renders and
 * runs pages as Chromium does, without the full browser around them: on this 2-core machine it
 * made a browser test file about a third faster than the full `chromium` (decision 8).
 */
export const TEST_BROWSER_PATH = process.env.CHROME_PATH || "/usr/bin/chromium-headless-shell";

/**
 * The full Chromium, for Lighthouse (bench/lighthouse.ts): it measures the browser a visitor
 * has, in its own headless mode. CHROME_PATH, when set, is used for both.
 */
export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** Headless Chromium with the flags this closed, root-run machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
