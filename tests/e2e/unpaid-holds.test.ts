import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInOwner } from "#tests/support/owner-session.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { fillCheckoutAddress } from "#tests/support/checkout-page.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { insertTestBook } from "#tests/support/test-books.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "unpaid-holds");

describe("unpaid holds in a browser (decision 23)", () => {
  const shop = useShop({}, { withOwner: true });

  const { withDb } = shop;
  const stockOf = (id: string) =>
    withDb(
      async (db) => (await db.selectFrom("books").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock,
    );

  async function placeByInvoice(page: Page, bookId: string, quantity: number) {
    await page.goto(`${shop.server.url}/checkout?items=${bookId}:${quantity}:1250`);
    await waitForHydration(page);
    await fillCheckoutAddress(page, { email: "hoarder@example.com", fullName: "Hold Everything" });
    await page.getByLabel("Invoice / purchase order").check();
    await page.getByRole("button", { name: "Place Order" }).click();
  }

  it("an unpaid order cannot take a whole shelf, and staff release what a client holds in one click", async () => {
    mkdirSync(SHOTS, { recursive: true });
    await withDb((db) => enableInvoicePayments(db));
    const bookId = await withDb((db) => insertTestBook(db, { title: "Ruth and Naomi", stock: 6, priceCents: 1250 }));

    const buyer = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await buyer.newPage();
    await placeByInvoice(page, bookId, 6);
    const errors = page.getByTestId("checkout-errors");
    await errors.waitFor();
    await expect(errors.innerText()).resolves.toContain(
      'We can hold at most 3 copies of "Ruth and Naomi" until they are paid.',
    );
    expect(await stockOf(bookId)).toBe(6);
    await placeByInvoice(page, bookId, 3);
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    expect(await stockOf(bookId)).toBe(3);
    await buyer.close();

    const admin = await shop.browser.newContext();
    await (await signInOwner(shop, admin)).close();
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1280, height: 900 },
    ]) {
      const staff = await admin.newPage();
      await staff.setViewportSize(viewport);
      await staff.goto(`${shop.server.url}/admin/orders`);
      await waitForHydration(staff);
      const holds = staff.getByTestId("unpaid-holds");
      await holds.getByRole("heading", { name: "Unpaid holds" }).waitFor();
      const row = holds.getByTestId("unpaid-hold-row");
      await expect(row.locator("th").innerText()).resolves.toMatch(/^(127\.0\.0\.1|::1)$|::\/64$/);
      await expect(row.locator("td").first().innerText()).resolves.toBe("3");
      await expect(axeViolations(staff)).resolves.toEqual([]);
      await staff.screenshot({ path: path.join(SHOTS, `admin-orders-${viewport.width}.png`), fullPage: true });
      // The page never scrolls sideways on a phone: the table scrolls in its own box.
      expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (viewport.width === 360) {
        await staff.close();
        continue;
      }
      await row.getByRole("button", { name: /^Release the holds of / }).click();
      const alert = staff.getByRole("alertdialog");
      await alert.waitFor();
      await expect(alert.getByRole("heading").innerText()).resolves.toMatch(/^Release 3 items held by /);
      await alert.getByRole("button", { name: "Release", exact: true }).click();
      await expectToast(staff, /Holds released.*1 unpaid order of .* cancelled; their items are back in stock\./);
      await holds.waitFor({ state: "detached" });
      expect(await stockOf(bookId)).toBe(6);
      await staff.close();
    }
    await admin.close();
  });
});
