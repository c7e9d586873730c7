import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addFirstToCollection } from "#tests/support/add-to-collection.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { bringIntoView, waitForHydration } from "#tests/support/storefront-page.ts";
import { recordScriptPaths } from "#tests/support/island-page.ts";

/** Each chunk of the islands' script with its source modules (written by vite.config.ts). */
const ISLAND_CHUNKS = "build/islands-chunks.json";

describe("home page in a browser", () => {
  // With the owner's account: the admin area is the page React Router hydrates.
  const shop = useShop({}, { withOwner: true });

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
    // Each rating says its stars in words and draws as many filled (16 px each) over five empty ones.
    const ratings = await cards.getByRole("img", { name: /^Rated \d out of 5$/ }).evaluateAll((elements) =>
      elements.map((element) => ({
        filled: Number(/Rated (\d)/.exec(element.getAttribute("aria-label") ?? "")?.[1]),
        width: element.getBoundingClientRect().width,
        filledWidth: Number.parseFloat(getComputedStyle(element, "::before").width),
      })),
    );
    expect(ratings).toHaveLength(4);
    expect(ratings.map(({ filled }) => filled)).toEqual([0, 4, 4, 4]);
    for (const { filled, width, filledWidth } of ratings) expect([width, filledWidth]).toEqual([80, filled * 16]);
    await page.close();
  });

  it("shows the bundles as stored in the database, in their order, with their stock", async () => {
    const handle = shop.openDatabase();
    try {
      const page = await shop.browser.newPage();
      await page.goto(shop.server.url);
      // Scrolled to, as a visitor does: the browser lays out a section below the first screen
      // only when it comes near (content-visibility), and innerText reads the layout.
      await bringIntoView(page.locator("#pricing"));
      const cards = page.locator("#pricing > div > ul > li");
      expect(await cards.locator("h3").allTextContents()).toEqual([
        "The Disciple's Set",
        "The Shepherd's Pack",
        "The Prophet's Collection",
      ]);
      const shepherd = await cards.nth(1).innerText();
      for (const text of [
        "Most Popular",
        "$69.99",
        "$120.00",
        "Save 41%",
        "3 books:",
        "The Good Samaritan",
        "A thoughtful gift",
      ]) {
        expect(shepherd).toContain(text);
      }

      // A change in the catalogue shows on the next visit: name, price, order, no savings, and sold
      // out when one of its books is (decision 38: a set has no stock of its own).
      await handle.db
        .updateTable("bundles")
        .set({ name: "The Shepherd's Pack (2nd edition)", price_cents: 5999, savings: null, position: 5 })
        .where("id", "=", "pkg-shepherd")
        .execute();
      await handle.db.updateTable("books").set({ stock: 0 }).where("title", "=", "The Good Samaritan").execute();
      await page.reload();
      await bringIntoView(page.locator("#pricing"));
      expect(await cards.locator("h3").allTextContents()).toEqual([
        "The Disciple's Set",
        "The Prophet's Collection",
        "The Shepherd's Pack (2nd edition)",
      ]);
      const changed = cards.nth(2);
      expect(await changed.innerText()).toContain("$59.99");
      expect(await changed.innerText()).not.toContain("Save 41%");
      expect(await changed.getByRole("button", { name: /^Sold out/ }).isDisabled()).toBe(true);
      await page.close();
    } finally {
      await handle.db
        .updateTable("bundles")
        .set({ name: "The Shepherd's Pack", price_cents: 6999, savings: "Save 41%", position: 1 })
        .where("id", "=", "pkg-shepherd")
        .execute();
      await handle.db.updateTable("books").set({ stock: 30 }).where("title", "=", "The Good Samaritan").execute();
      await handle.close();
    }
  });

  it("lands on the bundles from the hero's See Our Collections on a phone and a desktop, past sections not yet rendered", async () => {
    for (const viewport of [
      { width: 360, height: 780 },
      { width: 1280, height: 900 },
    ]) {
      const page = await shop.browser.newPage({ viewport });
      await page.goto(shop.server.url);
      await page.getByRole("link", { name: "See Our Collections" }).click();
      await page.waitForURL((url) => url.hash === "#pricing");
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const top = await page.locator("#pricing-heading").evaluate((heading) => heading.getBoundingClientRect().top);
      expect(top, `${viewport.width} px`).toBeGreaterThanOrEqual(0);
      expect(top, `${viewport.width} px`).toBeLessThan(200);
      await page.close();
    }
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

  it("opens and closes a question of the FAQ by mouse and by keyboard, each on its own", async () => {
    const page = await shop.browser.newPage();
    await page.goto(shop.server.url);
    await waitForHydration(page);
    const faq = page.locator("section[aria-labelledby=faq-heading]");
    const question = faq.getByRole("button", { name: "Are your books theologically sound?" });
    const answer = faq.getByRole("region", { name: "Are your books theologically sound?" });
    const other = faq.getByRole("button", { name: "What ages are the books designed for?" });
    expect(await question.getAttribute("aria-expanded")).toBe("false");
    expect(await answer.isVisible()).toBe(false);

    await question.click();
    expect(await question.getAttribute("aria-expanded")).toBe("true");
    expect(await answer.innerText()).toContain("We simplify the words for young readers, never the truth.");
    expect(await other.getAttribute("aria-expanded")).toBe("false");

    await other.focus();
    await page.keyboard.press("Enter");
    expect(await other.getAttribute("aria-expanded")).toBe("true");
    expect(await question.getAttribute("aria-expanded")).toBe("true");
    await question.focus();
    await page.keyboard.press("Space");
    expect(await question.getAttribute("aria-expanded")).toBe("false");
    expect(await answer.isVisible()).toBe(false);
    await page.close();
  });

  it("hydrates only its islands, with the islands' script and its grid's chunk and no React Router, and the admin area's link to it loads the document", async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const scripts = recordScriptPaths(page);
    await page.goto(shop.server.url);
    await waitForHydration(page);
    // The islands' script, and the book grid's chunk, which only this page loads, with the covers'
    // helper it shares with the cart sheet's (fetched when the sheet opens). The bundler names that
    // shared chunk after one of its modules, so it is known by the covers' helper inside it.
    expect(scripts).toEqual([
      expect.stringMatching(/^\/assets\/islands-client-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/home-book-grid-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/[\w-]+\.js$/),
    ]);
    const islandChunks = JSON.parse(readFileSync(ISLAND_CHUNKS, "utf8")) as Record<string, { modules: string[] }>;
    expect(islandChunks[scripts[2]!.slice(1)]?.modules).toContain("app/lib/book-cover.ts");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // Each island is its own root, and they share one cart and one toast region.
    await addFirstToCollection(page, "#pricing");
    await addFirstToCollection(page, "#books");
    expect(await page.getByTestId("cart-count").innerText()).toBe("2");

    // From a page React Router hydrated (the admin area, the one part of the site it draws), the
    // sidebar's Back to Site link loads the document.
    const admin = await signInOwner(shop, context);
    admin.on("pageerror", (error) => errors.push(error.message));
    await waitForHydration(admin);
    expect(await admin.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Back to Site" }).click();
    // The home page's document, loaded (React Router itself never draws it).
    await admin.waitForURL(`${shop.server.url}/`);
    await waitForHydration(admin);
    expect(await admin.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(await admin.getByTestId("cart-count").innerText()).toBe("2");
    expect(errors).toEqual([]);
    await context.close();
  });
});
