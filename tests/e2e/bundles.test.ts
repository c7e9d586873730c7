import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOwner } from "#tests/support/owner-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, bringIntoView, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { insertTestBook } from "#tests/support/test-books.ts";

// Issue 33, item 2 (decision 38): bundles and class sets made of books, edited in the back office.
const SHOTS = path.resolve("test-results/bundles");
const SET_NAME = "Sunday School Class Set";
const PUPILS = "Zebedee Pupil's Book";
const GUIDE = "Zebedee Teacher's Guide";

describe("bundles and class sets in a browser", () => {
  const shop = useShop({}, { withOwner: true });
  const { withDb } = shop;
  let admin: BrowserContext;
  const ids = { pupils: "", guide: "" };

  beforeAll(async () => {
    ids.pupils = await withDb((db) => insertTestBook(db, { title: PUPILS, stock: 30, priceCents: 999 }));
    ids.guide = await withDb((db) => insertTestBook(db, { title: GUIDE, stock: 3, priceCents: 1999 }));
    admin = await shop.browser.newContext();
    await (await signInOwner(shop, admin)).close();
  });
  afterAll(async () => {
    await admin?.close();
  });

  async function bundlesPage(width = 1280): Promise<Page> {
    const page = await admin.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${shop.server.url}/admin/bundles`);
    await waitForHydration(page);
    return page;
  }
  async function shot(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }
  const card = (page: Page, name: string) => page.getByTestId("bundles-list").locator("li").filter({ hasText: name });

  it("lists the sets with their books and availability, and creates a class set, refusing bad input", async () => {
    const page = await bundlesPage();
    await page.getByRole("link", { name: "Bundles", exact: true }).waitFor();
    const disciple = await card(page, "The Disciple's Set").innerText();
    expect(disciple).toContain(
      "3 books: In the Beginning: The Story of Creation, Noah's Ark and the Promise of the Rainbow, The Birth of Jesus: A Savior in a Manger",
    );
    expect(disciple).toContain("$34.99");
    // Moses is seeded sold out, and the Prophet's Collection holds it.
    expect(await card(page, "The Prophet's Collection").innerText()).toContain(
      "Sold out: a title in it is out of stock",
    );
    await shot(page, "list-1280");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Add New Bundle" }).click();
    await page.getByRole("heading", { name: "New bundle" }).waitFor();
    // Nothing filled: the shared schema refuses before anything is posted, the first field focused.
    await page.getByRole("button", { name: "Create Bundle" }).click();
    await expectToast(page, "Name is required.");
    expect(await page.getByLabel("Name", { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByLabel("Name", { exact: true }).fill(SET_NAME);
    await page.getByLabel("Description", { exact: true }).fill("Twelve pupil's books and the teacher's guide.");
    await page.getByLabel("Price ($)", { exact: true }).fill("149.00");
    await page.getByLabel("What's included", { exact: true }).fill("12 pupil's books\n1 teacher's guide");
    await page.getByLabel("Title 1", { exact: true }).selectOption(ids.pupils);
    await page.getByLabel("Copies of title 1", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Create Bundle" }).click();
    await expectToast(page, "Copies must be a whole number from 1 to 99.");
    await page.getByLabel("Copies of title 1", { exact: true }).fill("12");
    await page.getByLabel("Title 2", { exact: true }).selectOption(ids.guide);
    await page.getByLabel("Copies of title 2", { exact: true }).fill("1");
    await shot(page, "form-1280");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create Bundle" }).click();
    await expectToast(page, `“${SET_NAME}” is saved.`);
    const created = await card(page, SET_NAME).innerText();
    expect(created).toContain(`13 books: 12 × ${PUPILS}, 1 × ${GUIDE}`);
    expect(created).toContain("$149.00");
    // 30 pupil's books make 2 sets of 12; the 3 guides would make 3.
    expect(created).toContain("2 sets available");
    await page.close();

    const phone = await bundlesPage(360);
    await card(phone, SET_NAME).waitFor();
    await shot(phone, "list-360");
    await card(phone, SET_NAME)
      .getByRole("link", { name: `Edit ${SET_NAME}` })
      .click();
    await phone.getByRole("heading", { name: "Edit bundle" }).waitFor();
    expect(await phone.getByLabel("Copies of title 1", { exact: true }).inputValue()).toBe("12");
    await shot(phone, "form-360");
    await phone.close();
  });

  it("without JavaScript the server refuses bad input on the form, keeping what was typed, and stores nothing", async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    try {
      await context.addCookies(await admin.cookies());
      const page = await context.newPage();
      await page.goto(`${shop.server.url}/admin/bundles?new`);
      await page.getByLabel("Name", { exact: true }).fill("Half a Class Set");
      await page.getByLabel("Price ($)", { exact: true }).fill("0");
      await page.getByLabel("Title 1", { exact: true }).selectOption(ids.pupils);
      await page.getByLabel("Copies of title 1", { exact: true }).fill("6");
      await page.getByRole("button", { name: "Create Bundle" }).click();
      await page.getByText("Description is required.").waitFor();
      await page.getByText("Price must be a number greater than 0 with no more than 2 decimals.").waitFor();
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Half a Class Set");
      expect(await page.getByLabel("Title 1", { exact: true }).inputValue()).toBe(ids.pupils);
      expect(await page.getByLabel("Copies of title 1", { exact: true }).inputValue()).toBe("6");
      await page.screenshot({ path: path.join(SHOTS, "form-refused-no-js-360.png"), fullPage: true });
      const stored = await withDb((db) =>
        db.selectFrom("bundles").select("id").where("name", "=", "Half a Class Set").execute(),
      );
      expect(stored).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a class set sells out when one of its books does, and is unavailable once a book is deleted", async () => {
    const visitor = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await visitor.newPage();
      const setCard = () => page.locator("#pricing li").filter({ hasText: SET_NAME });
      await page.goto(shop.server.url);
      await bringIntoView(page.locator("#pricing"));
      await waitForHydration(page);
      expect(await setCard().innerText()).toContain(`12 × ${PUPILS}`);
      expect(
        await setCard()
          .getByRole("button", { name: /Add to Collection/ })
          .isEnabled(),
      ).toBe(true);

      // The last guides are sold: the set cannot be made, so it cannot be bought.
      await withDb((db) => db.updateTable("books").set({ stock: 0 }).where("id", "=", ids.guide).execute());
      await page.reload();
      await bringIntoView(page.locator("#pricing"));
      await waitForHydration(page);
      const soldOut = setCard().getByRole("button", { name: new RegExp(`^Sold out\\W+${SET_NAME}`) });
      expect(await soldOut.isDisabled()).toBe(true);
      await setCard().screenshot({ path: path.join(SHOTS, "home-card-sold-out.png") });

      const admin1 = await bundlesPage();
      expect(await card(admin1, SET_NAME).innerText()).toContain("Sold out: a title in it is out of stock");
      // The guide is deleted from the catalogue: the set is unavailable, never sold without it.
      await withDb((db) => db.updateTable("books").set({ stock: 5 }).where("id", "=", ids.guide).execute());
      await withDb((db) => db.deleteFrom("books").where("id", "=", ids.guide).execute());
      await admin1.reload();
      await waitForHydration(admin1);
      expect(await card(admin1, SET_NAME).innerText()).toContain("Unavailable: a title in it was deleted");
      await card(admin1, SET_NAME)
        .getByRole("link", { name: `Edit ${SET_NAME}` })
        .click();
      await admin1.getByRole("alert").filter({ hasText: "deleted from the catalogue" }).waitFor();
      await admin1.close();
      await page.reload();
      await bringIntoView(page.locator("#pricing"));
      expect(
        await setCard()
          .getByRole("button", { name: /^Sold out/ })
          .isDisabled(),
      ).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it("deletes a set after confirming; past orders keep their lines", async () => {
    const page = await bundlesPage();
    await card(page, SET_NAME)
      .getByRole("button", { name: `Delete ${SET_NAME}` })
      .click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Are you sure you want to delete this bundle?").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, `“${SET_NAME}” was removed from the store.`);
    await expect.poll(() => card(page, SET_NAME).count()).toBe(0);
    await page.close();
  });
});
