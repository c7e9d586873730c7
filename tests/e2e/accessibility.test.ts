import { describe, expect, it } from "vitest";
import { addCookieHeader, newCustomerSession } from "#tests/support/customer-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { STOREFRONT_INFO_PAGES } from "#tests/support/storefront-info-pages.ts";
import { axeViolations, waitForHydration } from "#tests/support/storefront-page.ts";

const PUBLIC_PAGES = [
  "/",
  ...STOREFRONT_INFO_PAGES,
  "/track-order?orderId=ORD-2025-001",
  "/books",
  "/books?q=samaritian&tag=Parables",
  "/books?q=xylophone",
  "/books?page=2",
  "/books/the-good-samaritan",
  "/no-such-page",
  "/newsletter/confirm?token=any.token",
  "/newsletter/unsubscribe",
];

/** A signed-in customer's pages (the order confirmation is Lighthouse's, in `npm run bench`). */
const SIGNED_IN_PAGES = ["/account", "/edit-profile", "/order-history", "/tax-exemption", "/reset-password"];

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 360, height: 740 },
];

describe("accessibility (axe-core, WCAG 2.1 A/AA)", () => {
  const shop = useShop();

  it("finds no violations on a signed-in customer's pages (desktop and phone)", async () => {
    const cookie = await newCustomerSession(shop.server.url, {
      email: "axe.reader@example.com",
      password: "Axe-Reader-Psalm-19-14",
    });
    const found: Record<string, unknown> = {};
    for (const viewport of VIEWPORTS) {
      const context = await shop.browser.newContext({ viewport });
      await addCookieHeader(context, shop.server.url, cookie);
      const page = await context.newPage();
      for (const pagePath of SIGNED_IN_PAGES) {
        await page.goto(`${shop.server.url}${pagePath}`);
        expect(new URL(page.url()).pathname).toBe(pagePath);
        await waitForHydration(page);
        const violations = await axeViolations(page);
        if (violations.length) found[`${pagePath} (${viewport.name})`] = violations;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) found[`${pagePath} (${viewport.name}, horizontal overflow)`] = overflow;
      }
      await context.close();
    }
    expect(found).toEqual({});
  });

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
      // Pages again with a line in the cart: the floating button then shows its count.
      await page.keyboard.press("Escape");
      for (const pagePath of ["/", "/books/the-good-samaritan", "/help-center"]) {
        await page.goto(`${shop.server.url}${pagePath}`);
        await waitForHydration(page);
        await page.getByTestId("cart-count").waitFor();
        const violations = await axeViolations(page);
        if (violations.length) found[`${pagePath} (cart holds an item)`] = violations;
      }
      if (viewport.name === "phone") {
        await page.getByText("Menu", { exact: true }).click();
        const menu = await axeViolations(page);
        if (menu.length) found["phone menu, open"] = menu;
      }
      await context.close();
      expect(found).toEqual({});
    }, 180_000);
  }

  it("gives phones a compact header whose menu opens, leads on and stays at the top", async () => {
    const context = await shop.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(shop.server.url);
    await waitForHydration(page);
    const header = page.locator("header").first();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    await expect(header.getByRole("link", { name: "Track Order" }).isVisible()).resolves.toBe(false);
    await header.getByText("Menu", { exact: true }).click();
    await header.getByRole("link", { name: "Track Order" }).click();
    await page.waitForURL(`${shop.server.url}/track-order`);
    // The next page opens with the menu closed (closed once the new page has rendered).
    await header.getByRole("link", { name: "Help Center" }).waitFor({ state: "hidden", timeout: 5000 });
    // Scrolled down, the bar is still at the top of the screen.
    await page.goto(shop.server.url);
    await page.mouse.wheel(0, 3000);
    await page.waitForFunction(() => window.scrollY > 1000);
    expect((await header.boundingBox())!.y).toBe(0);
    // Two book cards side by side, the first one within the first two screens.
    const cards = page.locator("#books article");
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBe(first!.y);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await cards.nth(0).evaluate((card) => card.getBoundingClientRect().top + window.scrollY)).toBeLessThan(
      2 * 740,
    );
    await context.close();
  });

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
