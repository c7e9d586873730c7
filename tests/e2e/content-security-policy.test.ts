import { describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";
import { waitForHydration } from "#tests/support/storefront-page.ts";

describe("Content-Security-Policy in a browser", () => {
  const shop = useShop();

  it("is never broken by the storefront's own scripts (no violation on the storefront pages)", async () => {
    const handle = shop.openDatabase();
    const book = await handle.db
      .selectFrom("books")
      .select(["id", "slug", "price_cents"])
      .orderBy("title")
      .executeTakeFirstOrThrow()
      .finally(() => handle.close());
    const context = await shop.browser.newContext();
    // Added over the DevTools protocol, so the policy does not apply to this listener itself.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const pagePath of ["/", `/books/${book.slug}`, "/books", `/checkout?items=${book.id}:1:${book.price_cents}`]) {
      await page.goto(`${shop.server.url}${pagePath}`);
      await waitForHydration(page);
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      if (violations.length) found[pagePath] = violations;
    }
    await context.close();
    expect(found).toEqual({});
  });
});
