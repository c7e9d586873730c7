import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Insertable } from "kysely";
import type { BrowserContext, Page } from "playwright-core";
import type { OrdersTable } from "#server/db/schema.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { signInOwner } from "#tests/support/owner-session.ts";
import { downloadFrom } from "#tests/support/downloads.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { insertTestOrder, paidCardOrder, type TestOrderLine } from "#tests/support/test-orders.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "admin-dashboard");
const DAY_MS = 24 * 60 * 60 * 1000;
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

describe("admin dashboard and bulk actions in a browser", () => {
  const shop = useShop({}, { withOwner: true });
  let admin: BrowserContext;
  const orders = { paidToday: "", invoiceToday: "", partlyRefunded: "", unpaidCard: "", cancelled: "", shipped: "" };
  // The server's own clock is the real one: orders are placed on days counted back from today (UTC).
  const todayStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const at = (daysAgo: number, minutes = 1) => new Date(todayStart - daysAgo * DAY_MS + minutes * 60_000).toISOString();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    admin = await shop.browser.newContext();
    await (await signInOwner(shop, admin)).close();
    await shop.withDb(async (db) => {
      const lantern = await insertTestBook(db, { title: "The Lantern Psalm", stock: 2, priceCents: 1250 });
      const harp = await insertTestBook(db, { title: "David's Harp", stock: 40, priceCents: 1000 });
      const line = (bookId: string, title: string, unitPriceCents: number, quantity: number): TestOrderLine => ({
        bookId,
        title,
        unitPriceCents,
        quantity,
      });
      const place = (lines: TestOrderLine[], options: { order: Partial<Insertable<OrdersTable>> }) =>
        insertTestOrder(db, { lines, takeStock: false, ...options });
      // 2 × 12.50 + 5.99 shipping = 30.99, paid by card today.
      orders.paidToday = await place([line(lantern, "The Lantern Psalm", 1250, 2)], {
        order: { ...paidCardOrder(), order_date: at(0, 1) },
      });
      // 20.00 + 5.99 = 25.99, an invoice awaiting payment: counts.
      orders.invoiceToday = await place([line(harp, "David's Harp", 2000, 1)], { order: { order_date: at(0, 2) } });
      // 12.50 + 5.99 - 5.00 refunded = 13.49, three days ago.
      orders.partlyRefunded = await place([line(lantern, "The Lantern Psalm", 1250, 1)], {
        order: {
          ...paidCardOrder(),
          payment_status: "partially_refunded",
          amount_refunded_cents: 500,
          status: "Processing",
          order_date: at(3),
        },
      });
      // Not counted: a card order still unpaid, and a cancelled one.
      orders.unpaidCard = await place([line(lantern, "The Lantern Psalm", 1250, 9)], {
        order: { payment_method: "card", payment_status: "awaiting_payment", order_date: at(0, 3) },
      });
      orders.cancelled = await place([line(lantern, "The Lantern Psalm", 1250, 9)], {
        order: { status: "Cancelled", payment_status: "voided", order_date: at(0, 4) },
      });
      // 3 × 10.00 + 5.99 = 35.99, shipped ten days ago: in the 30 days only.
      orders.shipped = await place([line(harp, "David's Harp", 1000, 3)], {
        order: { ...paidCardOrder(), status: "Shipped", order_date: at(10) },
      });
      const now = new Date().toISOString();
      await db
        .insertInto("user")
        .values({
          id: "dashboard-customer",
          name: "Priscilla Aquila",
          email: "priscilla.aquila@example.com",
          emailVerified: true,
          image: null,
          createdAt: now,
          updatedAt: now,
          role: "user",
          banned: null,
          banReason: null,
          banExpires: null,
        })
        .execute();
      await db
        .insertInto("contact_messages")
        .values({
          id: randomUUID(),
          full_name: "Lydia of Thyatira",
          email: "lydia@example.com",
          subject: "Bulk order for our Sunday school",
          message: "Could we order 40 copies of The Good Samaritan?",
          created_at: now,
          mail_sent_at: now,
        })
        .execute();
      await db
        .insertInto("email_subscribers")
        .values(
          ["ruth@example.com", "naomi@example.com", "boaz@example.com"].map((email) => ({
            id: randomUUID(),
            email,
            subscribed_at: now,
            confirmed_at: now,
            confirmation_sent_at: now,
          })),
        )
        .execute();
    });
  });

  async function adminPage(pathname: string, viewport = DESKTOP): Promise<Page> {
    const page = await admin.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${shop.server.url}${pathname}`);
    await waitForHydration(page);
    return page;
  }
  const figure = async (page: Page, period: string) => {
    const card = page.getByTestId(`sales-${period}`);
    return {
      revenue: await card.getByTestId("revenue").innerText(),
      orders: await card.getByTestId("orders").innerText(),
    };
  };
  async function confirm(page: Page, label: string) {
    const alert = page.getByRole("alertdialog");
    await alert.waitFor();
    await alert.getByRole("button", { name: label, exact: true }).click();
  }
  const pageScrollsSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  it("shows revenue, orders, the chart's table, top titles, orders to ship and low stock from the real orders", async () => {
    const page = await adminPage("/admin");
    expect(await figure(page, "today")).toEqual({ revenue: "$56.98", orders: "2" });
    expect(await figure(page, "7-days")).toEqual({ revenue: "$70.47", orders: "3" });
    expect(await figure(page, "30-days")).toEqual({ revenue: "$106.46", orders: "4" });
    expect(await page.locator("main").innerText()).toContain("Days run midnight to midnight UTC.");

    // The chart's table alternative holds the same figures, today last.
    await page.getByText("Show as a table").click();
    const days = page.getByTestId("sales-day");
    expect(await days.count()).toBe(30);
    expect(await days.last().innerText()).toMatch(/\t2\t\$56\.98$/);
    expect(await page.locator(`[data-testid="sales-day"][data-date="${at(3).slice(0, 10)}"]`).innerText()).toMatch(
      /\t1\t\$13\.49$/,
    );

    // Copies of counted orders only (not the unpaid or cancelled nine), most first.
    expect(await page.getByTestId("top-titles").innerText()).toMatch(
      /^1\.\s*David's Harp\s+4 copies\s+2\.\s*The Lantern Psalm\s+3 copies$/,
    );
    const waiting = page.getByTestId("waiting-to-ship");
    for (const id of [orders.paidToday, orders.invoiceToday, orders.partlyRefunded]) {
      expect(await waiting.getByRole("link", { name: id }).getAttribute("href")).toBe(`/admin/orders?search=${id}`);
    }
    for (const id of [orders.unpaidCard, orders.cancelled, orders.shipped]) {
      expect(await waiting.getByRole("link", { name: id }).count()).toBe(0);
    }
    expect(await page.getByTestId("low-stock").innerText()).toContain("The Lantern Psalm\n2 left");
    // The spec's cards are still there.
    for (const label of ["Total Books", "Total Customers", "Pending Orders"]) {
      expect(await page.getByTestId(`stat-${label}`).count()).toBe(1);
    }
    await page.screenshot({ path: path.join(SHOTS, "dashboard-1280.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(SHOTS, "dashboard-360.png"), fullPage: true });
    expect(await pageScrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("marks several orders shipped behind one confirmation and says which were skipped", async () => {
    const page = await adminPage("/admin/orders");
    for (const id of [orders.paidToday, orders.unpaidCard, orders.partlyRefunded]) {
      await page.getByRole("checkbox", { name: `Select order ${id}` }).check();
    }
    expect(await page.getByTestId("bulk-ship-bar").innerText()).toContain("3 orders selected");
    // The ticked orders' packing slips, one PDF.
    const slips = await downloadFrom(page, page.getByRole("link", { name: "Packing slips (PDF)" }));
    expect(slips.start).toBe("%PDF-");
    await page.getByRole("button", { name: "Mark shipped" }).click();
    const ship = page.getByRole("dialog", { name: "Mark 3 orders shipped?" });
    // A tracking number for one order; the others ship without one.
    await ship
      .getByRole("group", { name: `Order ${orders.paidToday}` })
      .getByLabel("Tracking number")
      .fill("1Z999AA10123456784");
    await ship
      .getByRole("group", { name: `Order ${orders.paidToday}` })
      .getByLabel("Carrier")
      .selectOption("ups");
    await page.screenshot({ path: path.join(SHOTS, "bulk-ship-confirm-1280.png") });
    await ship.getByRole("button", { name: "Mark shipped" }).click();
    await expectToast(page, `2 orders marked shipped. 1 skipped: ${orders.unpaidCard} (not paid yet).`);
    const status = (id: string) => page.getByRole("combobox", { name: `Status of order ${id}` });
    await expect.poll(() => status(orders.paidToday).inputValue()).toBe("Shipped");
    expect(await status(orders.partlyRefunded).inputValue()).toBe("Shipped");
    expect(await status(orders.unpaidCard).inputValue()).toBe("Pending");
    expect(await page.getByRole("checkbox", { name: `Select order ${orders.paidToday}` }).isChecked()).toBe(false);
    const tracking = await shop.withDb((db) =>
      db.selectFrom("order_tracking_numbers").select(["order_id", "carrier", "tracking_number"]).execute(),
    );
    expect(tracking).toEqual([{ order_id: orders.paidToday, carrier: "ups", tracking_number: "1Z999AA10123456784" }]);

    const dashboard = await adminPage("/admin");
    const waiting = dashboard.getByTestId("waiting-to-ship");
    expect(await waiting.getByRole("link", { name: orders.invoiceToday }).count()).toBe(1);
    expect(await waiting.getByRole("link", { name: orders.paidToday }).count()).toBe(0);
    await dashboard.close();
    await page.close();
  });

  it("removes several subscribers behind one confirmation", async () => {
    const page = await adminPage("/admin/subscribers");
    for (const email of ["ruth@example.com", "boaz@example.com"]) {
      await page.getByRole("checkbox", { name: `Select ${email}` }).check();
    }
    await page.getByRole("button", { name: "Remove selected" }).click();
    await confirm(page, "Remove");
    await expectToast(page, "2 subscribers removed.");
    await expect.poll(() => page.getByTestId("subscriber-row").count()).toBe(1);
    expect(await page.getByTestId("subscriber-row").innerText()).toContain("naomi@example.com");
    await page.close();
  });

  it("keeps every admin list's status and actions reachable at 360 px, scrolling inside the table only", async () => {
    for (const [name, pathname] of [
      ["books", "/admin/books"],
      ["orders", "/admin/orders"],
      ["customers", "/admin/customers"],
      ["subscribers", "/admin/subscribers"],
      ["messages", "/admin/messages"],
    ] as const) {
      const page = await adminPage(pathname, PHONE);
      await page.screenshot({ path: path.join(SHOTS, `${name}-360.png`), fullPage: true });
      expect(await pageScrollsSideways(page), name).toBe(false);
      expect(await axeViolations(page), name).toEqual([]);
      await page.close();
    }
    // Each list's status and row actions are on screen at 360 px once focused from the keyboard.
    for (const [pathname, names] of [
      [
        "/admin/orders",
        [
          ["combobox", `Status of order ${orders.invoiceToday}`],
          ["button", `View details of order ${orders.invoiceToday}`],
        ],
      ],
      ["/admin/books", [["button", "Edit The Lantern Psalm"]]],
      ["/admin/customers", [["button", "Delete priscilla.aquila@example.com"]]],
      ["/admin/subscribers", [["button", "Remove naomi@example.com"]]],
    ] as const) {
      const page = await adminPage(pathname, PHONE);
      for (const [role, name] of names) {
        const control = page.getByRole(role, { name, exact: true });
        await control.focus();
        const box = (await control.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
      }
      await page.close();
    }
  });
});
