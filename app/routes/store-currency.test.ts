import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";

// The Store Settings currency on the storefront, through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("the store's currency on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.cleanup();
  });

  const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

  async function firstBook() {
    return t.services.db.selectFrom("books").select(["slug", "price_cents"]).orderBy("slug").executeTakeFirstOrThrow();
  }

  it("shows dollars by default, in the page and in the structured data", async () => {
    t = await createTestApp(engine);
    const book = await firstBook();
    const html = await textOf(await t.app.request(`/books/${book.slug}`));
    const price = `${Math.floor(book.price_cents / 100)}.${String(book.price_cents % 100).padStart(2, "0")}`;
    expect(html).toContain(`$${price}`);
    expect(html).toContain(`"price":"${price}","priceCurrency":"USD"`);
    expect(await textOf(await t.app.request("/"))).toContain("$34.99");
  });

  it("shows prices, bundles and the structured data in the currency the store chose", async () => {
    t = await createTestApp(engine);
    await t.services.db.updateTable("store_settings").set({ currency: "EUR" }).execute();
    const book = await firstBook();
    const price = `${Math.floor(book.price_cents / 100)}.${String(book.price_cents % 100).padStart(2, "0")}`;

    const page = await textOf(await t.app.request(`/books/${book.slug}`));
    expect(page).toContain(`€${price}`);
    expect(page).not.toContain(`$${price}`);
    expect(page).toContain(`"price":"${price}","priceCurrency":"EUR"`);

    const home = await textOf(await t.app.request("/"));
    expect(home).toContain("€34.99");
    expect(home).toContain("€45.00");
    expect(home).not.toContain("$34.99");
  });
});
