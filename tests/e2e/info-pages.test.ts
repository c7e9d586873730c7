import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "info-pages");

const INFO_PAGES = [
  { path: "/our-mission", heading: "Our Mission" },
  { path: "/about-us", heading: "About Us" },
  { path: "/for-churches", heading: "For Churches" },
  { path: "/for-schools", heading: "For Schools" },
  { path: "/terms-of-service", heading: "Terms of Service" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/statement-of-faith", heading: "Statement of Faith" },
  { path: "/shipping-information", heading: "Shipping Information" },
  { path: "/returns-and-refunds", heading: "Returns & Refunds" },
  { path: "/sitemap", heading: "Sitemap" },
];

describe("info pages and the sitemap in a browser (island pages, decision 21)", () => {
  const shop = useShop();

  it("renders each page's text on the server and loads one script, no React Router", async () => {
    for (const info of INFO_PAGES) {
      const html = await (await fetch(`${shop.server.url}${info.path}`, { headers: { accept: "text/html" } })).text();
      expect(html, info.path).toMatch(/<h1[^>]*>/);
      expect(html, info.path).toContain("<main");
    }
    const page = await shop.browser.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ["/our-mission", "/sitemap"]) {
      scripts.length = 0;
      await page.goto(`${shop.server.url}${path}`);
      await waitForHydration(page);
      expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/islands-client-[\w-]+\.js$/)]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    }
    // Its links load the pages they name.
    await page.getByRole("link", { name: "Our Mission" }).first().click();
    await page.getByRole("heading", { name: "Our Mission", level: 1 }).waitFor();
    await page.close();
  });

  it("answers the churches and schools pages' contact button, on a phone and a desktop", async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1280, height: 900 },
    ]) {
      const page = await shop.browser.newPage({ viewport });
      await page.goto(`${shop.server.url}/for-churches`);
      await waitForHydration(page);
      await page.getByRole("heading", { name: /For Churches/, level: 1 }).waitFor();
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.getByRole("button", { name: "Contact Our Church Team" }).click();
      await expectToast(page, /Not available yet/);
      await page.screenshot({ path: path.join(SHOTS, `for-churches-${viewport.width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.close();
    }
  });

  it("narrows the Help Center's questions as one types, an island of the page's own", async () => {
    const page = await shop.browser.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${shop.server.url}/help-center`);
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(scripts[0]).toMatch(/^\/assets\/islands-client-[\w-]+\.js$/);
    const questions = page.locator("main").getByRole("button");
    const all = await questions.count();
    await page.getByRole("searchbox", { name: "Search the questions" }).fill("payment methods");
    await expect.poll(() => questions.count()).toBeLessThan(all);
    await page.getByRole("button", { name: "Which payment methods do you accept?" }).click();
    await expect(
      page
        .getByText(/PayPal/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await page.getByRole("searchbox", { name: "Search the questions" }).fill("xylophone");
    await page.getByText("No questions match “xylophone”. Try other words, or write to us below.").waitFor();
    await page.close();
  });
});
