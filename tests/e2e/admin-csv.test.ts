import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOwner } from "#tests/support/owner-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";

const HEADER = "title,author,description,price,stock";

describe("admin CSV export and import in a browser", () => {
  let admin: BrowserContext;
  const shop = useShop({}, { withOwner: true });

  async function adminPage(path: string, width = 1280): Promise<Page> {
    const page = await admin.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${shop.server.url}${path}`);
    await waitForHydration(page);
    return page;
  }

  beforeAll(async () => {
    admin = await shop.browser.newContext({ acceptDownloads: true });
    await (await signInOwner(shop, admin)).close();
  });
  afterAll(async () => {
    await admin?.close();
  });

  it("exports the orders the search finds within a date range", async () => {
    const page = await adminPage("/admin/orders?search=ORD-2025-001");
    const form = page.getByRole("form", { name: "Export orders" });
    await form.getByLabel("From").fill("2026-03-02");
    await form.getByLabel("To").fill("2026-03-01");
    await form.getByRole("button", { name: "Export matching orders (CSV)" }).click();
    await form.getByText("The end date must be on or after the start date.").waitFor();

    await form.getByLabel("From").fill("2000-01-01");
    await form.getByLabel("To").fill("2099-12-31");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      form.getByRole("button", { name: "Export matching orders (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toMatch(/^order_id,order_date,customer_name,customer_email,/);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["ORD-2025-001"]);
    await page.close();
  });

  it("imports a books file: shows the problems by line and column, then takes the fixed file", async () => {
    const books = await adminPage("/admin/books");
    await books.getByRole("link", { name: "Import CSV" }).click();
    await books.waitForURL(/\/admin\/books\/import$/);
    await books.getByRole("heading", { name: "Import Books", level: 1 }).waitFor();
    const page = books;
    const file = page.getByLabel(/^CSV file/);

    await file.setInputFiles({
      name: "books.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `${HEADER}\nGleaning with Ruth,Ann Lee,Loyal love.,11.50,5\nBoaz,Ann Lee,A kind man.,ten,3\n`,
      ),
    });
    await page.getByRole("button", { name: "Import" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Nothing was changed" });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(
      "Line 3, price: Price must be a number of at least 0 with no more than 2 decimals.",
    );
    await expectToast(page, "Import failed");

    await file.setInputFiles({
      name: "books.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${HEADER}\nGleaning with Ruth,Ann Lee,Loyal love.,11.50,5\nBoaz,Ann Lee,A kind man.,10,3\n`),
    });
    await page.getByRole("button", { name: "Import" }).click();
    await page.getByRole("status").filter({ hasText: "Import complete: 2 books added, 0 updated." }).waitFor();
    await expectToast(page, "Import complete");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Back to Book Management" }).click();
    await page.getByLabel("Search books").fill("Gleaning with Ruth");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByTestId("book-row").filter({ hasText: "Gleaning with Ruth" }).waitFor();
    await page.close();

    const phone = await adminPage("/admin/books/import", 360);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
  });
});
