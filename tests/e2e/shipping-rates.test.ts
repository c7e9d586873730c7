import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { fillCheckoutAddress } from "#tests/support/checkout-page.ts";
import { openAsOwner } from "#tests/support/owner-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";

/** Screenshots of the pages at each width, to look at (not compared). */
const SHOTS = path.resolve("test-results/shipping-rates");

describe("shipping that fits the order (issue 33, item 8)", () => {
  const shop = useShop({}, { withOwner: true });
  const { withDb } = shop;
  let bookId: string;

  beforeAll(async () => {
    await withDb((db) => enableInvoicePayments(db, { terms: "Net 30" }));
    bookId = await withDb((db) => insertTestBook(db, { title: "Forty Days of Rain", stock: null, priceCents: 1250 }));
  });

  const standardOption = (page: Page) => page.locator("label").filter({ hasText: "Standard Shipping" });

  async function openCheckout(page: Page, copies: number) {
    await page.goto(`${shop.server.url}/checkout?items=${bookId}:${copies}`);
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await waitForHydration(page);
  }

  it("the owner sets a per-item amount and a free threshold; checkout charges them and the order pays them", async () => {
    const ownerContext = await shop.browser.newContext({ viewport: { width: 360, height: 800 } });
    const owner = await openAsOwner(shop, ownerContext, "/admin/settings");
    const standard = owner.getByRole("group", { name: "Shipping method 1", exact: true });
    // A wrong amount is refused by the form's own check, with the field named.
    await standard.getByLabel("Each further item").fill("-1");
    await owner.getByRole("button", { name: "Save All Changes", exact: true }).click();
    await standard.getByText(/^The amount for each further item must be a number of 0 or more/).waitFor();
    expect(await withDb((db) => db.selectFrom("shipping_methods").select("per_item_cents").execute())).toEqual([
      { per_item_cents: 0 },
      { per_item_cents: 0 },
    ]);

    await standard.getByLabel("Each further item").fill("0.50");
    await standard.getByLabel("Free from an order of").fill("75");
    await owner.getByRole("button", { name: "Save All Changes", exact: true }).click();
    await expectToast(owner, "Settings Saved! Your store settings have been updated.");
    mkdirSync(SHOTS, { recursive: true });
    await standard.screenshot({ path: path.join(SHOTS, "settings-360.png") });
    expect(
      await withDb((db) =>
        db
          .selectFrom("shipping_methods")
          .select(["name", "rate_cents", "per_item_cents", "free_above_cents"])
          .orderBy("position")
          .execute(),
      ),
    ).toEqual([
      { name: "Standard Shipping", rate_cents: 500, per_item_cents: 50, free_above_cents: 7500 },
      { name: "Express Shipping", rate_cents: 1500, per_item_cents: 0, free_above_cents: null },
    ]);
    await ownerContext.close();

    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 800 },
    ]) {
      const context = await shop.browser.newContext({ viewport });
      const page = await context.newPage();
      // Three copies: $5.00 and two further items at $0.50.
      await openCheckout(page, 3);
      await expect(standardOption(page).innerText()).resolves.toContain(
        "$5.00, plus $0.50 for each further item; free on orders of $75.00 or more",
      );
      await expect(standardOption(page).innerText()).resolves.toContain("$6.00");
      await expect(page.getByTestId("summary-shipping").innerText()).resolves.toBe("$6.00");
      await expect(page.getByTestId("summary-total").innerText()).resolves.toBe("$43.50");
      // Express keeps its one rate, said without a rule.
      await expect(page.locator("label").filter({ hasText: "Express Shipping" }).innerText()).resolves.toMatch(
        /Express Shipping\s+\$15\.00/,
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `checkout-${viewport.width}.png`), fullPage: true });
      await context.close();
    }

    // Six copies reach $75.00: Standard ships free, and the order placed says so.
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    await openCheckout(page, 6);
    await expect(standardOption(page).innerText()).resolves.toContain("Free");
    await expect(page.getByTestId("summary-shipping").innerText()).resolves.toBe("$0.00");
    await page.locator("main").getByLabel("Email", { exact: true }).fill("co-op@example.com");
    await page.locator("main").getByLabel("Full Name", { exact: true }).fill("Co-op Buyer");
    await fillCheckoutAddress(page, {});
    await page.getByLabel(/Invoice \/ purchase order/).check();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-confirmation\/ORD-/);
    const order = await withDb((db) =>
      db
        .selectFrom("orders")
        .select(["subtotal_cents", "shipping_cents", "total_cents"])
        .where("customer_email", "=", "co-op@example.com")
        .executeTakeFirstOrThrow(),
    );
    expect(order).toEqual({ subtotal_cents: 7500, shipping_cents: 0, total_cents: 7500 });
    await context.close();
  });
});
