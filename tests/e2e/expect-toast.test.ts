import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "#tests/support/browser.ts";
import { expectToast } from "#tests/support/storefront-page.ts";

/** Replaces the page's toast with a new element, as the toast provider does for each new toast. */
const showToast = (page: Page, text: string, delayMs = 0) =>
  page.evaluate(
    ({ text, delayMs }) =>
      setTimeout(() => {
        document.querySelector('[data-testid="toast"]')?.remove();
        const toast = document.createElement("li");
        toast.dataset.testid = "toast";
        toast.textContent = text;
        document.body.append(toast);
      }, delayMs),
    { text, delayMs },
  );

describe("expectToast", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setContent("<main></main>");
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("waits for a toast that appears after it starts waiting", async () => {
    await showToast(page, "Profile updated! Your information has been saved.", 300);
    await expectToast(page, "Profile updated!");
  });

  it("does not let the same toast prove a second action", async () => {
    await showToast(page, "Sign in Failed Invalid email or password.");
    await expectToast(page, "Sign in Failed");
    // Nothing new was shown: the toast still on screen must not satisfy a second check.
    await expect(expectToast(page, "Sign in Failed", { timeout: 500 })).rejects.toThrow(/already matched earlier/);
    // A new toast with the same text does.
    await showToast(page, "Sign in Failed Invalid email or password.");
    await expectToast(page, "Sign in Failed");
  });

  it("matches a pattern against the title and description together", async () => {
    await showToast(page, "Stock Limit Reached Only 10 units are available.");
    await expectToast(page, /^Stock Limit Reached Only 10 units/);
    await expect(expectToast(page, "Nothing like this", { timeout: 300 })).rejects.toThrow(/Expected a new toast/);
  });
});
