import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";

interface CoverMarkup {
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  decoding: string | null;
  loading: string | null;
  fetchpriority: string | null;
}

const markupOf = (image: Locator): Promise<CoverMarkup> =>
  image.evaluate((img: HTMLImageElement) => ({
    srcset: img.getAttribute("srcset"),
    sizes: img.getAttribute("sizes"),
    width: img.getAttribute("width"),
    height: img.getAttribute("height"),
    decoding: img.getAttribute("decoding"),
    loading: img.getAttribute("loading"),
    fetchpriority: img.getAttribute("fetchpriority"),
  }));

/** The file the browser chose from srcset, once the image has loaded. */
async function chosenFile(image: Locator): Promise<string> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
}

const SRCSET = /^\/covers\/([0-9a-f]{64})-360w\.webp 360w, \/covers\/\1-480w\.webp 480w, \/covers\/\1\.webp 600w$/;

describe("cover images in a browser", () => {
  const shop = useShop();

  async function openPage(path: string, width: number, deviceScaleFactor: number): Promise<Page> {
    // A context of its own: a cover already cached at another size would be chosen instead.
    const context = await shop.browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}${path}`);
    return page;
  }

  it("offers every cover on the home page at two smaller widths, sized, and the hero's front cover first", async () => {
    const page = await openPage("/", 1280, 1);
    try {
      const fan = page.locator("section[aria-labelledby='hero-heading'] [role='img'] img");
      await expect(fan.count()).resolves.toBe(3);
      const front = await markupOf(fan.nth(1));
      // Lazy, so that phones, where the hero hides it, never fetch it; preloaded where it shows.
      expect(front).toMatchObject({ fetchpriority: "high", loading: "lazy", decoding: "async" });
      expect(front.sizes).toBe("(min-width: 640px) 156px, 132px");
      expect(front.srcset).toMatch(SRCSET);
      const preload = page.locator('head link[rel="preload"][as="image"][media="(min-width: 640px)"]');
      await expect(preload.count()).resolves.toBe(1);
      expect(await preload.getAttribute("imagesrcset")).toBe(front.srcset);
      expect(await preload.getAttribute("fetchpriority")).toBe("high");
      expect(await markupOf(fan.nth(0))).toMatchObject({ fetchpriority: null, loading: "lazy" });

      const cards = page.locator("#books-heading ~ ul article img");
      await expect(cards.count()).resolves.toBe(4);
      for (let i = 0; i < 4; i++) {
        const card = await markupOf(cards.nth(i));
        expect(card).toMatchObject({ width: "600", height: "800", decoding: "async", loading: "lazy" });
        expect(card.fetchpriority).toBeNull();
        expect(card.srcset).toMatch(SRCSET);
        expect(card.sizes).toMatch(/calc\(50vw - 18px\)$/);
      }
      // A 262 px card at 1×: the 360 px copy; the hero's 156 px cover too.
      expect(await chosenFile(cards.first())).toMatch(/-360w\.webp$/);
      expect(await chosenFile(fan.nth(1))).toMatch(/-360w\.webp$/);

      const bundleFan = page.locator("#pricing [role='img'] img").first();
      expect(await markupOf(bundleFan)).toMatchObject({ sizes: "84px", loading: "lazy", fetchpriority: null });
    } finally {
      await page.context().close();
    }
  });

  it("fetches none of the hero's covers on a phone, where the hero does not show them", async () => {
    // At 3× on a 360 px phone the hero's 132 px covers would be the 480 px copies (396 px), while
    // the book cards (162 px, 486 px) take the full covers and the bundles' fans (84 px) the
    // 360 px copies: any 480 px copy fetched is the hidden hero's.
    const context = await shop.browser.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 3 });
    const page = await context.newPage();
    const covers: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/covers/")) covers.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto(`${shop.server.url}/`);
      await page.waitForLoadState("load");
      await expect(page.locator("section[aria-labelledby='hero-heading'] [role='img']").isVisible()).resolves.toBe(
        false,
      );
      // Down to the bundles, so that every lazy image of the page has been in view.
      await page.locator("#pricing").scrollIntoViewIfNeeded();
      await expect.poll(() => covers.length).toBeGreaterThan(0);
      await page.waitForLoadState("networkidle");
      expect(covers.filter((file) => file.endsWith("-480w.webp"))).toEqual([]);
      expect(covers.some((file) => /\/covers\/[0-9a-f]{64}\.webp$/.test(file))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("picks the 360 px copy for a 360 px phone's two-up grid at 2×, the 480 px one on a 412 px phone", async () => {
    for (const [width, expected] of [
      [360, /-360w\.webp$/],
      [412, /-480w\.webp$/],
    ] as const) {
      const page = await openPage("/", width, 2);
      try {
        const card = page.locator("#books-heading ~ ul article img").first();
        expect(await chosenFile(card), `at ${width} px`).toMatch(expected);
      } finally {
        await page.context().close();
      }
    }
  });

  it("loads the book page's cover first, at the size its column needs", async () => {
    const handle = shop.openDatabase();
    let slug: string;
    try {
      ({ slug } = await handle.db.selectFrom("books").select("slug").orderBy("title").executeTakeFirstOrThrow());
    } finally {
      await handle.close();
    }
    for (const [width, expected] of [
      [360, /\/covers\/[0-9a-f]{64}-360w\.webp$/],
      [1280, /\/covers\/[0-9a-f]{64}\.webp$/],
    ] as const) {
      const page = await openPage(`/books/${slug}`, width, 1);
      try {
        const cover = page.getByRole("img", { name: /^Cover of / });
        const markup = await markupOf(cover);
        expect(markup).toMatchObject({
          width: "600",
          height: "800",
          decoding: "async",
          loading: null,
          fetchpriority: "high",
        });
        expect(markup.srcset).toMatch(SRCSET);
        expect(await chosenFile(cover), `at ${width} px`).toMatch(expected);
        // The related books below the fold wait until they are scrolled near.
        for (const related of await page.locator("#related-heading ~ ul img").all()) {
          expect(await markupOf(related)).toMatchObject({ loading: "lazy", fetchpriority: null });
        }
      } finally {
        await page.context().close();
      }
    }
  });

  it("loads the first card of /books first and the others lazily", async () => {
    const page = await openPage("/books", 360, 2);
    try {
      const covers = page.locator("main ul article img");
      expect(await covers.count()).toBeGreaterThan(1);
      expect(await markupOf(covers.first())).toMatchObject({ fetchpriority: "high", loading: null });
      for (const other of (await covers.all()).slice(1)) {
        expect(await markupOf(other)).toMatchObject({ fetchpriority: null, loading: "lazy" });
      }
      // One card per row on a phone (328 px at 2×): the cover itself.
      expect(await chosenFile(covers.first())).toMatch(/\/covers\/[0-9a-f]{64}\.webp$/);
    } finally {
      await page.context().close();
    }
  });
});
