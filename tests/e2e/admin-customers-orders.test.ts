import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "#common/money/money.ts";
import { OWNER_EMAIL as ADMIN_EMAIL } from "#tests/support/e2e-template.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { downloadFrom } from "#tests/support/downloads.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { userRow } from "#tests/support/test-users.ts";
import { signUpInBrowser } from "#tests/support/sign-up-page.ts";

const PASSWORD = "Mustard-Seed-Faith-42";
/** Gets a full name through Edit Profile. */
const HANNAH = { email: "hannah.prayer@example.com", fullName: "Hannah of Ramah" };
/** Has no profile name (shown as N/A); deleted by one of the tests. */
const ELI = { email: "eli.temple@example.com" };

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "admin-customers-orders");

const DELETE_WARNING = "This action cannot be undone. This will permanently delete the customer account.";

/** A form field of the page's main content, by its exact label (the footer has an e-mail field too). */
const field = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });

describe("admin Customer Management and Order Management in a browser", () => {
  let server: ServerProcess;
  let browser: Browser;
  /** Signed in as the admin for every test. */
  let admin: BrowserContext;
  /** Signed in as Eli before Eli is deleted. */
  let eliContext: BrowserContext;
  /** Signed in as Hannah, a customer. */
  let hannahContext: BrowserContext;

  const shop = useShop({}, { withOwner: true });

  async function signIn(page: Page, email: string, password: string) {
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
  }

  /** A new browser context whose user signs in on /login and lands on `landing`. */
  async function signedIn(email: string, password: string, landing: string): Promise<BrowserContext> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await waitForHydration(page);
    await signIn(page, email, password);
    await page.waitForURL(`${server.url}${landing}`);
    await page.close();
    return context;
  }

  async function signUp(email: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpInBrowser(page, server.url, email, PASSWORD);
    await context.close();
  }

  async function adminPage(pathAndQuery: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await admin.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(`${server.url}${pathAndQuery}`);
    await waitForHydration(page);
    return page;
  }

  async function userId(email: string): Promise<string> {
    const handle = shop.openDatabase();
    try {
      return (await handle.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    } finally {
      await handle.close();
    }
  }

  const customerRows = (page: Page) => page.getByTestId("customer-row");
  const orderRows = (page: Page) => page.getByTestId("order-row");
  const orderIds = (page: Page) =>
    orderRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-order-id")));

  /** Types into the search box and submits it (Enter), waiting for the URL to carry the search. */
  async function search(page: Page, placeholder: string, text: string) {
    await page.getByPlaceholder(placeholder, { exact: true }).fill(text);
    await page.getByPlaceholder(placeholder, { exact: true }).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === text);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ server, browser } = shop);
    admin = await browser.newContext();
    await (await signInOwner(shop, admin)).close();

    await signUp(ELI.email);
    await signUp(HANNAH.email);
    eliContext = await signedIn(ELI.email, PASSWORD, "/");
    hannahContext = await signedIn(HANNAH.email, PASSWORD, "/");
    const profile = await hannahContext.newPage();
    await profile.goto(`${server.url}/edit-profile`);
    await waitForHydration(profile);
    await field(profile, "Full name").fill(HANNAH.fullName);
    await profile.getByRole("button", { name: "Update Profile" }).click();
    await expectToast(profile, "Profile updated!");
    await profile.close();
  });

  describe("Customer Management", () => {
    const PLACEHOLDER = "Search by name or email...";

    it("lists the customers (never the admin) and searches by part of the name or the e-mail in any letter case", async () => {
      const page = await adminPage("/admin/customers");
      await page.getByRole("heading", { level: 1, name: "Customer Management" }).waitFor();
      await page.getByText("View and manage your registered customers").waitFor();
      const headers = await page.locator("main thead th").allInnerTexts();
      expect(headers).toEqual(["Customer", "Email", "Joined On", "Actions"]);

      // Newest first: Hannah signed up after Eli.
      const texts = await customerRows(page).allInnerTexts();
      expect(texts).toHaveLength(2);
      expect(texts[0]).toContain(HANNAH.fullName);
      expect(texts[0]).toContain(HANNAH.email);
      expect(texts[1]).toContain("N/A");
      expect(texts[1]).toContain(ELI.email);
      // The joining date, as a date.
      expect(texts[0]).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
      expect(await page.locator("main").innerText()).not.toContain(ADMIN_EMAIL);

      await search(page, PLACEHOLDER, "of ram");
      await expect.poll(() => customerRows(page).allInnerTexts()).toEqual([expect.stringContaining(HANNAH.email)]);

      await search(page, PLACEHOLDER, "ELI.Temple@EXAMPLE.com");
      await expect.poll(() => customerRows(page).allInnerTexts()).toEqual([expect.stringContaining(ELI.email)]);

      await search(page, PLACEHOLDER, "nobody-of-that-name");
      await page.getByText("No customers found").waitFor();
      expect(await customerRows(page).count()).toBe(0);

      // The admin is not a customer, whatever the search.
      await search(page, PLACEHOLDER, "owner");
      await page.getByText("No customers found").waitFor();
      await page.close();
    });

    it("deletes a customer after the confirmation: the row, the sign-in and every session are gone", async () => {
      const page = await adminPage("/admin/customers");
      const deleteEli = page.getByRole("button", { name: `Delete ${ELI.email}`, exact: true });

      // Cancel keeps the customer.
      await deleteEli.click();
      const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
      await dialog.waitFor();
      await dialog.getByText(DELETE_WARNING, { exact: true }).waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await customerRows(page).count()).toBe(2);

      await deleteEli.click();
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(page, "Customer deleted The customer account has been removed.");
      await dialog.waitFor({ state: "hidden" });
      await expect.poll(() => customerRows(page).allInnerTexts()).toEqual([expect.stringContaining(HANNAH.email)]);
      await page.reload();
      expect(await customerRows(page).allInnerTexts()).toEqual([expect.stringContaining(HANNAH.email)]);
      await page.close();

      // Eli's session was ended: the signed-in browser is sent to /login.
      const eliPage = await eliContext.newPage();
      await eliPage.goto(`${server.url}/account`);
      await eliPage.waitForURL(/\/login/);
      await eliContext.close();

      // And the account cannot sign in any more.
      const again = await browser.newPage();
      await again.goto(`${server.url}/login`);
      await waitForHydration(again);
      await signIn(again, ELI.email, PASSWORD);
      await expectToast(again, "Invalid email or password.");
      await again.close();

      // The orders of a customer are business records; deleting accounts never touches them.
      const handle = shop.openDatabase();
      try {
        expect(await handle.db.selectFrom("orders").select("id").execute()).toHaveLength(3);
      } finally {
        await handle.close();
      }
    });

    it("shows the server's refusal when an admin's own account is asked for, and keeps non-admins out", async () => {
      const adminId = await userId(ADMIN_EMAIL);
      const page = await adminPage("/admin/customers");
      // The screen never offers the admin; a hand-made request (this rewrite) meets the server's rule.
      await page.route(/\/admin\/customers\.data/, async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        return route.continue({ postData: new URLSearchParams({ intent: "delete", customerId: adminId }).toString() });
      });
      await page.getByRole("button", { name: `Delete ${HANNAH.email}`, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(page, "Error deleting customer You cannot delete your own account.");
      expect(await page.getByTestId("toast").getAttribute("data-variant")).toBe("destructive");
      await page.getByRole("alertdialog").waitFor({ state: "hidden" });
      expect(await customerRows(page).allInnerTexts()).toEqual([expect.stringContaining(HANNAH.email)]);
      await page.close();
      expect(await userId(HANNAH.email)).toBeTruthy();

      // A customer's session cannot list or delete customers.
      const cookie = (await hannahContext.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      const post = await fetch(`${server.url}/admin/customers`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "delete", customerId: await userId(HANNAH.email) }).toString(),
      });
      expect(post.status).toBe(403);
      expect((await fetch(`${server.url}/admin/customers.data`, { headers: { cookie } })).status).toBe(403);
      expect(await userId(HANNAH.email)).toBeTruthy();
    });

    it("shows a customer's details in a dialog, and Escape gives the focus back", async () => {
      const page = await adminPage("/admin/customers");
      const opener = page.getByRole("button", { name: `View details of ${HANNAH.email}`, exact: true });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Customer Details" });
      await dialog.getByTestId("customer-details-email").waitFor();
      expect(await dialog.getByTestId("customer-details-email").innerText()).toBe(HANNAH.email);
      const text = await dialog.innerText();
      for (const expected of [HANNAH.fullName, "Not verified yet", "Not subscribed", "No orders yet."]) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/Joined On\s+[A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.close();
    });

    it("pages through many customers, keeping the search in the page links", async () => {
      // 55 older accounts: the list shows 50 a page, newest first.
      const handle = shop.openDatabase();
      try {
        await handle.db
          .insertInto("user")
          .values(
            Array.from({ length: 55 }, (_, i) =>
              userRow({
                id: `paging-${i}`,
                email: `paging.reader${String(i).padStart(2, "0")}@example.com`,
                createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString(),
              }),
            ),
          )
          .execute();
      } finally {
        await handle.close();
      }
      const page = await adminPage("/admin/customers?search=PAGING.reader");
      const pages = page.getByRole("navigation", { name: "Pages" });
      expect(await pages.innerText()).toContain("55 customers · page 1 of 2");
      expect(await customerRows(page).count()).toBe(50);
      expect(await customerRows(page).first().innerText()).toContain("paging.reader54@example.com");
      await pages.getByRole("link", { name: "Next" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(new URL(page.url()).searchParams.get("search")).toBe("PAGING.reader");
      await expect.poll(() => customerRows(page).count()).toBe(5);
      expect(await customerRows(page).last().innerText()).toContain("paging.reader00@example.com");
      expect(await pages.innerText()).toContain("55 customers · page 2 of 2");
      await pages.getByRole("link", { name: "Previous" }).click();
      await expect.poll(() => customerRows(page).count()).toBe(50);
      await page.close();
    });
  });

  describe("Order Management", () => {
    const PLACEHOLDER = "Search by Order ID or Email...";

    it("lists the orders and searches by an id fragment or the e-mail in capitals", async () => {
      const page = await adminPage("/admin/orders");
      await page.getByRole("heading", { level: 1, name: "Order Management" }).waitFor();
      await page.getByText("Track and manage all customer orders").waitFor();
      const headers = await page.locator("main thead th").allInnerTexts();
      // The key columns first (issue 12: status and actions reachable on a phone), then the rest.
      expect(headers).toEqual(["Order ID", "Status", "Actions", "Total", "Payment", "Date", "Customer"]);
      // Newest first by order date.
      expect(await orderIds(page)).toEqual(["ORD-2025-002", "ORD-2025-001", "ORD-2025-003"]);

      // The id without the "ORD-" all ids share, cut to 8 characters (an ellipsis when longer: the
      // sample ids fit); the full id stays in the title.
      const row = orderRows(page).first();
      const idCell = row.locator("th");
      expect(await idCell.locator("[aria-hidden=true]").innerText()).toBe("2025-002");
      expect(await idCell.locator("[title]").getAttribute("title")).toBe("ORD-2025-002");
      const cells = await row.locator("td").allInnerTexts();
      expect(cells[2]).toMatch(/^\$\d+\.\d{2}$/);
      expect(cells[4]).toBe("Jun 10, 2025");
      expect(cells[5]).toBe("james.okafor@example.com");
      expect(await page.getByRole("combobox", { name: "Status of order ORD-2025-002" }).inputValue()).toBe(
        "Processing",
      );
      await page.getByRole("button", { name: "View details of order ORD-2025-002" }).waitFor();

      await search(page, PLACEHOLDER, "2025-00");
      await expect.poll(() => orderIds(page)).toEqual(["ORD-2025-002", "ORD-2025-001", "ORD-2025-003"]);
      await search(page, PLACEHOLDER, "ord-2025-002");
      await expect.poll(() => orderIds(page)).toEqual(["ORD-2025-002"]);
      await search(page, PLACEHOLDER, "SARAH.MILLER@EXAMPLE.COM");
      await expect.poll(() => orderIds(page)).toEqual(["ORD-2025-001", "ORD-2025-003"]);
      await search(page, PLACEHOLDER, "ORD-1999");
      await page.getByText("No orders found").waitFor();
      expect(await orderRows(page).count()).toBe(0);
      await page.close();
    });

    it("saves a status change at once; the reloaded list and Track Order show it", async () => {
      const page = await adminPage("/admin/orders");
      const status = page.getByRole("combobox", { name: "Status of order ORD-2025-002" });
      await status.selectOption("Shipped");
      // Shipped asks for the parcels' tracking numbers first; none is needed.
      await page
        .getByRole("dialog", { name: "Mark order ORD-2025-002 shipped" })
        .getByRole("button", { name: "Mark shipped" })
        .click();
      await expectToast(page, "Status Updated! Order status changed to Shipped");
      expect(await status.inputValue()).toBe("Shipped");
      await page.reload();
      await waitForHydration(page);
      expect(await page.getByRole("combobox", { name: "Status of order ORD-2025-002" }).inputValue()).toBe("Shipped");
      // The other orders did not change.
      expect(await page.getByRole("combobox", { name: "Status of order ORD-2025-001" }).inputValue()).toBe("Shipped");
      expect(await page.getByRole("combobox", { name: "Status of order ORD-2025-003" }).inputValue()).toBe("Delivered");
      await page.close();

      const track = await browser.newPage();
      await track.goto(`${server.url}/track-order?orderId=ORD-2025-002`);
      await track.getByTestId("tracking-status").waitFor();
      expect(await track.getByTestId("tracking-status").innerText()).toBe("Shipped");
      const newest = track.getByRole("list", { name: "Tracking history" }).getByRole("listitem").first();
      const newestText = await newest.innerText();
      expect(newestText).toContain("Shipped");
      expect(newestText).toContain("Current status");
      await track.close();
    });

    it("shows an order's details: id, customer, total, status and the items with line totals", async () => {
      const handle = shop.openDatabase();
      const [order, items] = await Promise.all([
        handle.db.selectFrom("orders").selectAll().where("id", "=", "ORD-2025-001").executeTakeFirstOrThrow(),
        handle.db
          .selectFrom("order_items")
          .selectAll()
          .where("order_id", "=", "ORD-2025-001")
          .orderBy("position")
          .execute(),
      ]).finally(() => handle.close());
      expect(items.some((item) => item.quantity > 1)).toBe(true);

      const page = await adminPage("/admin/orders");
      const opener = page.getByRole("button", { name: "View details of order ORD-2025-001" });
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Order Details" });
      await dialog.getByTestId("order-details-id").waitFor();
      expect(await dialog.getByTestId("order-details-id").innerText()).toBe("ORD-2025-001");
      const text = await dialog.innerText();
      expect(text).toContain("sarah.miller@example.com");
      expect(text).toContain(formatMoney(order.total_cents, order.currency));
      expect(text).toContain("Shipped");

      const rows = await dialog
        .getByTestId("order-item")
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent?.trim())));
      expect(rows).toEqual(
        items.map((item) => [
          item.title,
          String(item.quantity),
          formatMoney(item.unit_price_cents, order.currency),
          formatMoney(item.unit_price_cents * item.quantity, order.currency),
        ]),
      );

      // The order's invoice and packing slip, as PDFs.
      await expect(downloadFrom(page, dialog.getByRole("link", { name: "Invoice (PDF)" }))).resolves.toEqual({
        name: "invoice-ORD-2025-001.pdf",
        start: "%PDF-",
      });
      const slip = await downloadFrom(page, dialog.getByRole("link", { name: "Packing slip (PDF)" }));
      expect(slip.start).toBe("%PDF-");

      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      // Focus goes back to the button that opened the dialog.
      expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.close();
    });
  });

  describe("accessibility and small screens", () => {
    const VIEWPORTS = [
      { name: "desktop", width: 1280, height: 900 },
      { name: "phone", width: 360, height: 740 },
    ];

    for (const viewport of VIEWPORTS) {
      it(`finds no axe violations and no page-wide horizontal scrolling (${viewport.name})`, async () => {
        const size = { width: viewport.width, height: viewport.height };
        const found: Record<string, unknown> = {};
        const check = async (page: Page, label: string) => {
          const violations = await axeViolations(page);
          if (violations.length) found[label] = violations;
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) found[`${label} (horizontal overflow)`] = overflow;
        };

        const customers = await adminPage("/admin/customers", size);
        await check(customers, "/admin/customers");
        await customers.getByRole("button", { name: `Delete ${HANNAH.email}`, exact: true }).click();
        await customers.getByRole("alertdialog").waitFor();
        await check(customers, "delete confirmation");
        await customers.keyboard.press("Escape");
        await customers.getByRole("button", { name: `View details of ${HANNAH.email}`, exact: true }).click();
        await customers
          .getByRole("dialog", { name: "Customer Details" })
          .getByTestId("customer-details-email")
          .waitFor();
        await check(customers, "customer details");
        await customers.screenshot({ path: path.join(SHOTS, `customer-details-${viewport.width}.png`) });
        await customers.close();
        const noCustomers = await adminPage("/admin/customers?search=nobody-at-all", size);
        await check(noCustomers, "/admin/customers (no results)");
        await noCustomers.close();

        const orders = await adminPage("/admin/orders", size);
        await check(orders, "/admin/orders");
        await orders.getByRole("button", { name: "View details of order ORD-2025-003" }).click();
        await orders.getByRole("dialog", { name: "Order Details" }).getByTestId("order-details-id").waitFor();
        await check(orders, "order details");
        await orders.close();
        const noOrders = await adminPage("/admin/orders?search=nothing-like-this", size);
        await check(noOrders, "/admin/orders (no results)");
        await noOrders.close();

        expect(found).toEqual({});
      });
    }
  });
});
