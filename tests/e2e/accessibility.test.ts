import { describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, waitForHydration } from "#tests/support/storefront-page.ts";

const PUBLIC_PAGES = [
  "/",
  "/our-mission",
  "/about-us",
  "/for-churches",
  "/for-schools",
  "/terms-of-service",
  "/privacy-policy",
  "/statement-of-faith",
  "/sitemap",
  "/contact-us",
  "/help-center",
  "/shipping-information",
  "/returns-and-refunds",
  "/track-order",
  "/track-order?orderId=ORD-2025-001",
  "/books",
  "/books?q=samaritian&tag=Parables",
  "/books/the-good-samaritan",
  "/no-such-page",
  "/newsletter/confirm?token=any.token",
  "/newsletter/unsubscribe",
];

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 360, height: 740 },
];

describe("accessibility (axe-core, WCAG 2.1 A/AA)", () => {
  const shop = useShop();

  for (const viewport of VIEWPORTS) {
    it(`finds no violations on any public page (${viewport.name})`, async () => {
      const context = await shop.browser.newContext({ viewport });
      const page = await context.newPage();
      const found: Record<string, unknown> = {};
      for (const pagePath of PUBLIC_PAGES) {
        await page.goto(`${shop.server.url}${pagePath}`);
        await waitForHydration(page);
        const violations = await axeViolations(page);
        if (violations.length) found[pagePath] = violations;
        // Nothing may be wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found[`${pagePath} (horizontal overflow)`] = overflow;
      }
      // The cart sheet, open, with a line in it.
      await page.goto(shop.server.url);
      await waitForHydration(page);
      await page
        .locator("#books article")
        .first()
        .getByRole("button", { name: /Add to Collection/ })
        .click();
      await page.getByRole("button", { name: /Open your collection/ }).click();
      await page.getByRole("dialog", { name: "Your Collection" }).waitFor();
      const sheet = await axeViolations(page);
      if (sheet.length) found["cart sheet"] = sheet;
      await context.close();
      expect(found).toEqual({});
    });
  }

  it("finds no violations on the Coming Soon page", async () => {
    const db = shop.openDatabase();
    await db.db.updateTable("store_settings").set({ enable_maintenance_mode: true }).execute();
    try {
      for (const viewport of VIEWPORTS) {
        const context = await shop.browser.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(shop.server.url);
        await waitForHydration(page);
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      }
    } finally {
      await db.db.updateTable("store_settings").set({ enable_maintenance_mode: false }).execute();
      await db.close();
    }
  });
});
