import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, openCartSheet, waitForHydration } from "#tests/support/storefront-page.ts";
import { insertTestBook } from "#tests/support/test-books.ts";

// Typed quantities for bulk buying: on the book page and in the cart, capped at the stock with
// the spec's "Stock Limit Reached".
describe("typed quantities in a browser", () => {
  const shop = useShop();
  let context: BrowserContext;
  let page: Page;
  /** Slugs of the test's own books: 40 copies of one, 10 of the other. */
  let plenty: string;
  let scarce: string;

  beforeAll(async () => {
    const database = shop.openDatabase();
    try {
      plenty = `test-book-${await insertTestBook(database.db, { title: "Psalms for a Class", stock: 40, priceCents: 500 })}`;
      scarce = `test-book-${await insertTestBook(database.db, { title: "A Rare Printing", stock: 10, priceCents: 2000 })}`;
    } finally {
      await database.close();
    }
  });
  afterEach(async () => {
    await context?.close();
  });

  async function open(path: string, width = 1280) {
    context = await shop.browser.newContext({ viewport: { width, height: 900 } });
    page = await context.newPage();
    await page.goto(`${shop.server.url}${path}`);
    await waitForHydration(page);
  }
  const quantity = () => page.getByRole("spinbutton", { name: "Quantity" });
  const addButton = () => page.locator("main").getByRole("button", { name: /^Add to Collection/ });
  const cartCount = () => page.getByTestId("cart-count").innerText();
  const openCart = () => openCartSheet(page);

  it("adds a typed 12 from the book page, and caps a quantity above the stock with the spec's message", async () => {
    await open(`/books/${plenty}`);
    await quantity().fill("12");
    await addButton().click();
    await expectToast(
      page,
      `Added to Collection! 12 copies of "Psalms for a Class" have been added to your collection.`,
    );
    expect(await cartCount()).toBe("12");

    await page.goto(`${shop.server.url}/books/${scarce}`);
    await waitForHydration(page);
    expect(await quantity().inputValue()).toBe("1");
    // Keyboard: the arrow keys step, as on any spin button.
    await quantity().press("ArrowUp");
    await quantity().press("ArrowUp");
    expect(await quantity().inputValue()).toBe("3");
    await quantity().fill("12");
    await quantity().press("Tab");
    await expectToast(page, `Stock Limit Reached Only 10 units of "A Rare Printing" are available.`);
    expect(await quantity().inputValue()).toBe("10");
    expect(await quantity().getAttribute("aria-valuemax")).toBe("10");
    await addButton().click();
    await expectToast(page, /^Added to Collection! 10 copies of "A Rare Printing"/);
    expect(await cartCount()).toBe("22");
    // Enter adds too; the cart already holds all ten.
    await quantity().fill("2");
    await quantity().press("Enter");
    await expectToast(page, `Out of Stock! You already have all available units of "A Rare Printing" in your cart.`);
    expect(await cartCount()).toBe("22");

    // Not a whole number of at least 1: said under the box, nothing added, the box focused.
    for (const typed of ["0", "2.5", ""]) {
      await quantity().fill(typed);
      await addButton().click();
      await page.getByText("Enter a whole number of at least 1.").waitFor();
      expect(await quantity().getAttribute("aria-invalid")).toBe("true");
      expect(await quantity().evaluate((input) => input === document.activeElement)).toBe(true);
    }
    expect(await cartCount()).toBe("22");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("sets a typed quantity in the cart on Enter or on leaving the box, capped at the stock", async () => {
    await open(`/books/${plenty}`);
    await addButton().click();
    await expectToast(page, "Added to Collection!");
    const dialog = await openCart();
    const box = dialog.getByRole("spinbutton", { name: "Quantity of Psalms for a Class" });
    expect(await box.inputValue()).toBe("1");
    await box.fill("12");
    await box.press("Enter");
    await expect.poll(() => dialog.getByTestId("cart-subtotal").innerText()).toBe("$60.00");
    expect(await cartCount()).toBe("12");

    await box.fill("45");
    await box.press("Tab");
    await expectToast(page, `Stock Limit Reached Only 40 units of "Psalms for a Class" are available.`);
    expect(await box.inputValue()).toBe("40");
    expect(await dialog.getByTestId("cart-subtotal").innerText()).toBe("$200.00");

    // The buttons stay: + at the stock says so again, − steps down.
    await dialog.getByRole("button", { name: "Increase quantity of Psalms for a Class" }).click();
    await expectToast(page, /^Stock Limit Reached Only 40 units/);
    await dialog.getByRole("button", { name: "Decrease quantity of Psalms for a Class" }).click();
    await expect.poll(() => box.inputValue()).toBe("39");

    // A typed 0 (or anything but a whole number) changes nothing and says why; Remove removes.
    await box.fill("0");
    await box.press("Enter");
    await dialog.getByText("Enter a whole number of at least 1.").waitFor();
    expect(await cartCount()).toBe("39");
    await box.fill("20");
    await box.press("Enter");
    await dialog.getByText("Enter a whole number of at least 1.").waitFor({ state: "detached" });
    expect(await cartCount()).toBe("20");
    expect(await dialog.getByTestId("cart-subtotal").innerText()).toBe("$100.00");
  });

  it("fits the book page's box and the cart's at 360 px, with no axe violations", async () => {
    await open(`/books/${scarce}`, 360);
    await quantity().fill("4");
    await addButton().click();
    await expectToast(page, /^Added to Collection! 4 copies/);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const dialog = await openCart();
    const box = dialog.getByRole("spinbutton", { name: "Quantity of A Rare Printing" });
    expect(await box.inputValue()).toBe("4");
    const sheet = (await dialog.boundingBox())!;
    for (const control of [
      box,
      dialog.getByRole("button", { name: "Increase quantity of A Rare Printing" }),
      dialog.getByRole("button", { name: "Remove A Rare Printing" }),
    ]) {
      const bounds = (await control.boundingBox())!;
      expect(bounds.x + bounds.width).toBeLessThanOrEqual(sheet.x + sheet.width);
    }
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
