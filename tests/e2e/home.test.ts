import { describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";

describe("home page in a browser", () => {
  const shop = useShop();

  it("shows the four newest seeded books with their covers", async () => {
    const page = await shop.browser.newPage();
    await page.goto(shop.server.url);
    await expect(page.title()).resolves.toContain("Little Scrolls Press");
    const cards = page.locator("#books-heading ~ ul article");
    await expect(cards.count()).resolves.toBe(4);
    const titles = await cards.locator("h3").allTextContents();
    expect(titles[0]).toBe("Ruth and Naomi: Where You Go, I Will Go");
    const covers = cards.locator("img");
    for (let i = 0; i < 4; i++) {
      const image = covers.nth(i);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.close();
  });

  it("shows the 404 page for an unknown path", async () => {
    const page = await shop.browser.newPage();
    const response = await page.goto(`${shop.server.url}/this-page-does-not-exist`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page not found");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(`${shop.server.url}/`);
    await page.locator("#books-heading").waitFor();
    await page.close();
  });
});
