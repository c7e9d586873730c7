import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addCookieHeader, newCustomerSession } from "#tests/support/customer-session.ts";
import { OWNER_EMAIL } from "#tests/support/e2e-template.ts";
import { openAdminOrders, openOrderDetails } from "#tests/support/admin-orders-page.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import { useShop } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast } from "#tests/support/storefront-page.ts";
import { mailsTo } from "#tests/support/test-mail.ts";
import { giveOrderToAccount, insertTestOrder, paidCardOrder } from "#tests/support/test-orders.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "tracking-notes");

const USPS = "9400 1000 0000 0000 0000 00";
const USPS_LINK = "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000";
const FEDEX_TYPO = "7489 0000 1234";
const UPS = "1Z999AA10123456784";
const UPS_LINK = `https://www.ups.com/track?tracknum=${UPS}`;
const NOTE = "Leave with the school office; Mrs. Abigail signs for parcels.";

// Issue 34: staff ship an order with two tracking numbers, correct one and send the shipped
// e-mail again; the customer follows the links from the mail and Track Order. A staff note is
// seen in Order Details and nowhere the customer looks.
describe("tracking numbers and staff notes in a browser", () => {
  const shop = useShop({}, { withOwner: true });
  let admin: BrowserContext;
  let orderId = "";

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    admin = await shop.browser.newContext();
    await (await signInOwner(shop, admin)).close();
    orderId = await shop.withDb((db) =>
      insertTestOrder(db, { order: { ...paidCardOrder(), order_date: "2026-11-20T10:00:00.000Z" } }),
    );
  });

  const adminPage = (viewport?: { width: number; height: number }) => openAdminOrders(admin, shop.server.url, viewport);
  /** The shipped mails the buyer got so far, oldest first, once `count` have arrived. */
  async function shippedMails(count: number) {
    const shipped = () =>
      mailsTo(shop.dataDir, "buyer@example.com").filter((m) => /has shipped/.test(m.headers.subject ?? ""));
    // Mails go out with the next run of the delivery job (every 10 s).
    await expect.poll(() => shipped().length, { timeout: 30_000 }).toBe(count);
    return shipped();
  }

  it("ships an order with two tracking numbers: linked in the shipped mail and on Track Order", async () => {
    const page = await adminPage();
    await page.getByRole("combobox", { name: `Status of order ${orderId}` }).selectOption("Shipped");
    const ship = page.getByRole("dialog", { name: `Mark order ${orderId} shipped` });
    await ship.getByRole("group", { name: "Parcel 1" }).getByLabel("Tracking number").fill(USPS);
    await ship.getByRole("button", { name: "Add another parcel" }).click();
    const second = ship.getByRole("group", { name: "Parcel 2" });
    // The new row takes the keyboard.
    await expect.poll(() => second.getByLabel("Carrier").evaluate((el) => el === document.activeElement)).toBe(true);
    await second.getByLabel("Carrier").selectOption("fedex");
    await second.getByLabel("Tracking number").fill(FEDEX_TYPO);
    await page.screenshot({ path: path.join(SHOTS, "ship-dialog-1280.png") });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, "ship-dialog-360.png") });
    expect(await axeViolations(page)).toEqual([]);
    await ship.getByRole("button", { name: "Mark shipped" }).click();
    await expectToast(page, "Order status changed to Shipped");
    await ship.waitFor({ state: "detached" });
    expect(await page.getByRole("combobox", { name: `Status of order ${orderId}` }).inputValue()).toBe("Shipped");
    await page.close();

    const [mail] = await shippedMails(1);
    expect(mail!.text).toContain(`USPS ${USPS}: ${USPS_LINK}`);
    expect(mail!.text).toContain(`FedEx ${FEDEX_TYPO}: https://www.fedex.com/fedextrack/?trknbr=748900001234`);

    const customer = await shop.browser.newPage({ viewport: { width: 360, height: 800 } });
    await customer.goto(`${shop.server.url}/track-order?orderId=${orderId}`);
    const numbers = customer.getByTestId("tracking-numbers");
    await numbers.waitFor();
    expect(await numbers.getByRole("link", { name: new RegExp(USPS) }).getAttribute("href")).toBe(USPS_LINK);
    expect(await numbers.getByRole("link").count()).toBe(2);
    await customer.screenshot({ path: path.join(SHOTS, "track-order-360.png"), fullPage: true });
    expect(await axeViolations(customer)).toEqual([]);
    await customer.close();
  });

  it("corrects a number in Order Details and sends the shipped e-mail again with it", async () => {
    const page = await adminPage();
    const dialog = await openOrderDetails(page, orderId);
    const parcels = dialog.getByTestId("admin-tracking-numbers");
    await parcels.getByRole("button", { name: `Edit tracking number ${FEDEX_TYPO}` }).click();
    const edit = dialog.getByRole("form", { name: `Correct tracking number ${FEDEX_TYPO}` });
    await edit.getByLabel("Carrier").selectOption("ups");
    // Refused first: a link is no tracking number.
    await edit.getByLabel("Tracking number").fill("https://evil.example");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.getByText("A tracking number may hold only letters, digits, spaces and dashes.").waitFor();
    await edit.getByLabel("Tracking number").fill(UPS.toLowerCase());
    await edit.getByRole("button", { name: "Save" }).click();
    await expectToast(page, `Tracking number ${UPS} saved for order ${orderId}.`);
    await expect.poll(() => parcels.innerText()).toContain(`UPS ${UPS}`);
    expect(await parcels.innerText()).not.toContain(FEDEX_TYPO);
    await expect
      .poll(() => dialog.getByTestId("order-history").innerText())
      .toContain(`FedEx ${FEDEX_TYPO} → UPS ${UPS}`);

    await dialog.getByRole("button", { name: "Send shipped e-mail again" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Send again" }).click();
    await expectToast(page, `The shipped e-mail of order ${orderId} is on its way to the customer.`);
    await page.screenshot({ path: path.join(SHOTS, "details-tracking-1280.png"), fullPage: true });
    await page.close();

    const mails = await shippedMails(2);
    expect(mails[1]!.text).toContain(`UPS ${UPS}: ${UPS_LINK}`);
    expect(mails[1]!.text).toContain(`USPS ${USPS}: ${USPS_LINK}`);
    expect(mails[1]!.text).not.toContain(FEDEX_TYPO);
  });

  it("keeps a staff note in Order Details, out of Track Order", async () => {
    const page = await adminPage({ width: 360, height: 800 });
    const dialog = await openOrderDetails(page, orderId);
    await dialog.getByLabel("New note").fill(NOTE);
    await dialog.getByRole("button", { name: "Add note" }).click();
    await expectToast(page, `Your note on order ${orderId} is saved.`);
    const notes = dialog.getByTestId("order-notes");
    await expect.poll(() => notes.innerText()).toContain(NOTE);
    expect(await notes.innerText()).toContain(OWNER_EMAIL);
    expect(await dialog.getByLabel("New note").inputValue()).toBe("");
    await dialog.getByRole("heading", { name: "Staff notes" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "details-notes-360.png") });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();

    const customer = await shop.browser.newPage();
    await customer.goto(`${shop.server.url}/track-order?orderId=${orderId}`);
    await customer.getByTestId("tracking-status").waitFor();
    const html = await customer.content();
    expect(html).not.toContain("Abigail");
    expect(html).toContain(UPS);
    await customer.close();
  });

  it("shows the numbers on the customer's order history and order confirmation, and no note", async () => {
    const account = { email: "reader@example.com", password: "Correct-Horse-Battery-9" };
    const cookie = await newCustomerSession(shop.server.url, account);
    await shop.withDb((db) => giveOrderToAccount(db, orderId, account.email));
    const context = await shop.browser.newContext();
    await addCookieHeader(context, shop.server.url, cookie);
    const page = await context.newPage();
    for (const [name, address] of [
      ["order-history", "/order-history"],
      ["confirmation", `/order-confirmation/${orderId}`],
    ] as const) {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${shop.server.url}${address}`);
        const numbers = page.getByTestId("tracking-numbers");
        await numbers.waitFor();
        expect(await numbers.getByRole("link", { name: new RegExp(UPS) }).getAttribute("href"), name).toBe(UPS_LINK);
        expect(await page.content(), name).not.toContain("Abigail");
        await numbers.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
        expect(await axeViolations(page), `${name} at ${width}`).toEqual([]);
      }
    }
    await context.close();
  });
});
