import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { refundOrder } from "#server/orders/refund-order.ts";
import { openAdminOrders, openOrderDetails } from "#tests/support/admin-orders-page.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import { payCardOrder } from "#tests/support/pay-card-order.ts";
import { enableCardPayments } from "#tests/support/payment-settings.ts";
import { useShop, useStripeStandIn } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast } from "#tests/support/storefront-page.ts";
import { bundleStock as setStock } from "#tests/support/test-bundles.ts";
import { insertTestOrder, orderActionDeps, TEST_APP_SECRET } from "#tests/support/test-orders.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "admin-order-actions");

describe("admin order actions in a browser", () => {
  /** Filled before the server starts (useShop reads it in its own beforeAll, registered after this one). */
  const serverEnv: Record<string, string> = { APP_SECRET: TEST_APP_SECRET };
  const stripe = useStripeStandIn(serverEnv);
  const shop = useShop(serverEnv, { withOwner: true });
  let admin: BrowserContext;
  const orders = { invoiceToPay: "", invoiceToCancel: "", fromList: "", card: "" };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    admin = await shop.browser.newContext();
    await (await signInOwner(shop, admin)).close();
    await shop.withDb(async (db) => {
      orders.invoiceToPay = await insertTestOrder(db, { order: { order_date: "2026-11-20T10:00:00.000Z" } });
      orders.invoiceToCancel = await insertTestOrder(db, {
        order: { order_date: "2026-11-20T11:00:00.000Z", customer_name: "Lydia of Thyatira" },
      });
      // Holds no stock, so the stock figures the other tests check stay theirs.
      orders.fromList = await insertTestOrder(db, {
        order: { order_date: "2026-11-20T11:30:00.000Z", customer_name: "Phoebe of Cenchreae" },
        takeStock: false,
      });
      // A card order paid through the stand-in's Checkout Session, as the webhook would leave it.
      await enableCardPayments(db, TEST_APP_SECRET);
      orders.card = await insertTestOrder(db, {
        order: { order_date: "2026-11-20T12:00:00.000Z", payment_method: "card", organisation: null, po_number: null },
        lines: [{ bundleId: "pkg-shepherd", title: "The Shepherd's Pack", unitPriceCents: 6999, quantity: 1 }],
      });
      await payCardOrder(db, { orderId: orders.card, amountPaidCents: 6999 + 599 }, stripe, shop.server.url);
    });
  });

  const adminPage = (viewport?: { width: number; height: number }) => openAdminOrders(admin, shop.server.url, viewport);
  async function confirm(page: Page, label: string) {
    const alert = page.getByRole("alertdialog");
    await alert.waitFor();
    await alert.getByRole("button", { name: label, exact: true }).click();
  }
  const dbRow = (orderId: string) =>
    shop.withDb((db) => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow());
  // A set's stock is its books' (decision 38): the fewest sets its parts allow.
  const bundleStock = (id: string) => shop.withDb((db) => setStock(db, id));

  it("shows an invoice order's details and marks it paid", async () => {
    const page = await adminPage();
    const row = page.locator(`[data-order-id="${orders.invoiceToPay}"]`);
    await expect.poll(() => row.getByTestId("payment-badge").innerText()).toBe("Awaiting payment");
    // The short id leaves out the ORD- prefix every id shares.
    expect(await row.locator("th [aria-hidden=true]").innerText()).toBe(`${orders.invoiceToPay.slice(4, 12)}…`);

    const dialog = await openOrderDetails(page, orders.invoiceToPay);
    const text = await dialog.innerText();
    for (const expected of [
      "Grace Hopper",
      "buyer@example.com",
      "+1 555 0100",
      "St. Mark's School · PO PO-7731",
      "12 Elm Street",
      "Springfield, IL, 62704",
      "Standard Shipping: $5.99",
      "Invoice / purchase order",
      "Awaiting payment",
      "Order Placed",
    ]) {
      expect(text).toContain(expected);
    }
    await page.screenshot({ path: path.join(SHOTS, "details-1280.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await confirm(page, "Mark paid");
    await expectToast(page, `Order ${orders.invoiceToPay} is marked paid.`);
    await expect.poll(async () => (await dialog.getByTestId("order-payment").innerText()).includes("Paid")).toBe(true);
    await expect
      .poll(async () => (await dialog.getByTestId("order-history").innerText()).includes("Payment received"))
      .toBe(true);
    expect(await dialog.getByRole("button", { name: "Mark paid" }).count()).toBe(0);
    expect((await dbRow(orders.invoiceToPay)).payment_status).toBe("paid");
    await page.close();
  });

  it("cancels an order, its stock comes back, and Track Order shows no green tick for it", async () => {
    const before = (await bundleStock("pkg-disciple"))!;
    const page = await adminPage({ width: 360, height: 800 });
    const dialog = await openOrderDetails(page, orders.invoiceToCancel);
    await page.screenshot({ path: path.join(SHOTS, "details-360.png"), fullPage: true });
    await dialog.getByRole("heading", { name: "Actions" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "details-actions-360.png") });
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await confirm(page, "Cancel order");
    await expectToast(page, "Its items are back in stock.");
    expect(await bundleStock("pkg-disciple")).toBe(before + 2);
    expect(await dbRow(orders.invoiceToCancel)).toMatchObject({ status: "Cancelled", payment_status: "voided" });
    await page.close();

    const customer = await shop.browser.newPage({ viewport: { width: 360, height: 800 } });
    await customer.goto(`${shop.server.url}/track-order?orderId=${orders.invoiceToCancel}`);
    await customer.getByTestId("tracking-status").filter({ hasText: "Cancelled" }).waitFor();
    const looks = await customer
      .getByTestId("tracking-step-icon")
      .evaluateAll((icons) => icons.map((icon) => icon.getAttribute("data-look")));
    expect(looks).toEqual(["stopped", "done"]);
    await customer.screenshot({ path: path.join(SHOTS, "track-cancelled-360.png"), fullPage: true });
    await customer.close();
  });

  it("asks before cancelling from the status list: Escape leaves the order as it was, Cancel order cancels it", async () => {
    const page = await adminPage();
    // A paid card order: the question names the refund; Escape changes nothing and focus returns.
    const cardStatus = page.getByRole("combobox", { name: `Status of order ${orders.card}` });
    await cardStatus.selectOption("Cancelled");
    const cardQuestion = page.getByRole("alertdialog", { name: `Cancel order ${orders.card}?` });
    await cardQuestion
      .getByText(
        "The customer is refunded $75.98 through Stripe and told by e-mail; its items go back to stock. This cannot be undone.",
        { exact: true },
      )
      .waitFor();
    // The safe answer has the focus.
    expect(
      await cardQuestion.getByRole("button", { name: "Keep order" }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await cardQuestion.waitFor({ state: "hidden" });
    expect(await cardStatus.inputValue()).toBe("Pending");
    await expect.poll(() => cardStatus.evaluate((select) => select === document.activeElement)).toBe(true);
    expect(await dbRow(orders.card)).toMatchObject({
      status: "Pending",
      payment_status: "paid",
      amount_refunded_cents: 0,
    });
    expect(stripe.refunds.size).toBe(0);

    // An invoice order awaiting payment: confirmed, it is cancelled and its payment voided.
    const status = page.getByRole("combobox", { name: `Status of order ${orders.fromList}` });
    await status.selectOption("Cancelled");
    const question = page.getByRole("alertdialog", { name: `Cancel order ${orders.fromList}?` });
    await question
      .getByText(
        "Its items go back to stock and the payment still awaited is voided. The customer is told by e-mail. This cannot be undone.",
        { exact: true },
      )
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "cancel-from-list-1280.png") });
    await question.getByRole("button", { name: "Keep order" }).click();
    await question.waitFor({ state: "hidden" });
    expect(await status.inputValue()).toBe("Pending");
    expect((await dbRow(orders.fromList)).status).toBe("Pending");

    await status.selectOption("Cancelled");
    await question.getByRole("button", { name: "Cancel order", exact: true }).click();
    await expectToast(page, "Status Updated! Order status changed to Cancelled");
    expect(await status.inputValue()).toBe("Cancelled");
    expect(await dbRow(orders.fromList)).toMatchObject({ status: "Cancelled", payment_status: "voided" });
    await page.close();

    // At 360 px the question fits the screen.
    const phone = await adminPage({ width: 360, height: 800 });
    await phone.getByRole("combobox", { name: `Status of order ${orders.invoiceToPay}` }).selectOption("Cancelled");
    const small = phone.getByRole("alertdialog", { name: `Cancel order ${orders.invoiceToPay}?` });
    await small.waitFor();
    const box = (await small.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await phone.screenshot({ path: path.join(SHOTS, "cancel-from-list-360.png") });
    await phone.keyboard.press("Escape");
    await small.waitFor({ state: "hidden" });
    await phone.close();
  });

  it("refunds part of a paid card order through Stripe, then cancels it (the rest is refunded)", async () => {
    const page = await adminPage();
    const dialog = await openOrderDetails(page, orders.card);
    await dialog.getByLabel("Refund amount").fill("10");
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm(page, "Refund");
    await expectToast(page, `$10.00 refunded for order ${orders.card}.`);
    expect(await dbRow(orders.card)).toMatchObject({
      payment_status: "partially_refunded",
      amount_refunded_cents: 1000,
    });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([1000]);

    // Another staff member refunds $2.00 meanwhile; this dialog still shows $10.00 refunded, so its
    // refund is refused, and the dialog reloads the order.
    await shop.withDb((db) =>
      refundOrder(orderActionDeps(db, new Date(), stripe.url), { orderId: orders.card, amount: 200 }),
    );
    const refund = async (amount: string) => {
      await dialog.getByLabel("Refund amount").fill(amount);
      await dialog.getByRole("button", { name: "Refund", exact: true }).click();
      await confirm(page, "Refund");
    };
    await refund("5");
    await expectToast(
      page,
      "This order's refunds changed since this form was opened: $12.00 is refunded now. Please check what is left to refund before refunding more.",
    );
    await dialog.getByText("$12.00", { exact: true }).waitFor();
    // The same dialog, now current: its next refund goes through.
    await refund("5");
    await expectToast(page, `$5.00 refunded for order ${orders.card}.`);
    expect(await dbRow(orders.card)).toMatchObject({ amount_refunded_cents: 1700 });

    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await confirm(page, "Cancel order");
    await expectToast(page, "The payment was refunded in full.");
    expect(await dbRow(orders.card)).toMatchObject({
      status: "Cancelled",
      payment_status: "refunded",
      amount_refunded_cents: 6999 + 599,
    });
    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([1000, 200, 500, 6999 + 599 - 1700]);
    await page.screenshot({ path: path.join(SHOTS, "card-refunded-1280.png"), fullPage: true });
    await page.close();
  });
});
