import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium unless CHROME_PATH says otherwise. */
export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** Headless Chromium with the flags this closed, root-run machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
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
