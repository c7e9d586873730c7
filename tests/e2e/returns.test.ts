import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { addCookieHeader, newCustomerSession } from "#tests/support/customer-session.ts";
import { signInOwner } from "#tests/support/owner-session.ts";
import { payCardOrder } from "#tests/support/pay-card-order.ts";
import { enableCardPayments } from "#tests/support/payment-settings.ts";
import { bundleStock } from "#tests/support/test-bundles.ts";
import { useShop, useStripeStandIn } from "#tests/support/shop-fixture.ts";
import { axeViolations, expectToast, waitForHydration } from "#tests/support/storefront-page.ts";
import { mailsTo } from "#tests/support/test-mail.ts";
import { giveOrderToAccount, insertTestOrder, TEST_APP_SECRET } from "#tests/support/test-orders.ts";

/** Screenshots land here to be looked at (not compared). */
const SHOTS = path.join(process.cwd(), "test-results", "returns");
const DAY = 24 * 60 * 60 * 1000;
const GUEST_EMAIL = "guest.buyer@example.com";
const ACCOUNT = { email: "returning.reader@example.com", password: "Correct-Horse-Battery-9" };

// Issue 34, item 2: a guest's damage claim with a photo, settled by a refund through Stripe; a
// signed-in customer's, settled by a replacement order at no charge.
describe("returns and damage claims in a browser", () => {
  const serverEnv: Record<string, string> = { APP_SECRET: TEST_APP_SECRET };
  const stripe = useStripeStandIn(serverEnv);
  const shop = useShop(serverEnv, { withOwner: true });
  let admin: BrowserContext;
  const orders = { card: "", invoice: "" };
  let photo: Buffer;

  /** An order as it is once shipped `daysAgo` days ago (its Shipped step, as staff's move writes it). */
  async function markShipped(orderId: string, daysAgo: number, delivered = false) {
    await shop.withDb(async (db) => {
      const at = new Date(Date.now() - daysAgo * DAY).toISOString();
      await db
        .updateTable("orders")
        .set({ status: delivered ? "Delivered" : "Shipped" })
        .where("id", "=", orderId)
        .execute();
      await db
        .insertInto("order_status_history")
        .values({ id: randomUUID(), order_id: orderId, status: "Shipped", location: "Store", occurred_at: at })
        .execute();
      if (delivered) {
        await db
          .insertInto("order_status_history")
          .values({ id: randomUUID(), order_id: orderId, status: "Delivered", location: "Store", occurred_at: at })
          .execute();
      }
    });
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b45309" } })
      .jpeg()
      .toBuffer();
    admin = await shop.browser.newContext();
    await (await signInOwner(shop, admin)).close();
    await shop.withDb(async (db) => {
      // A guest's card order, paid through the stand-in's Checkout Session.
      await enableCardPayments(db, TEST_APP_SECRET);
      orders.card = await insertTestOrder(db, {
        order: {
          payment_method: "card",
          organisation: null,
          po_number: null,
          customer_email: GUEST_EMAIL,
        },
        lines: [{ bundleId: "pkg-shepherd", title: "The Shepherd's Pack", unitPriceCents: 6999, quantity: 2 }],
      });
      await payCardOrder(db, { orderId: orders.card, amountPaidCents: 2 * 6999 + 599 }, stripe, shop.server.url);
      orders.invoice = await insertTestOrder(db, {
        order: { customer_email: ACCOUNT.email, payment_status: "paid" },
        lines: [{ bundleId: "pkg-disciple", title: "The Disciple's Set", unitPriceCents: 3499, quantity: 1 }],
      });
    });
    await markShipped(orders.card, 3);
    await markShipped(orders.invoice, 5, true);
  });

  const claimsOf = (orderId: string) =>
    shop.withDb((db) =>
      db
        .selectFrom("return_claims")
        .select(["id", "status", "settlement", "replacement_order_id"])
        .where("order_id", "=", orderId)
        .execute(),
    );
  const claimMails = (email: string) =>
    mailsTo(shop.dataDir, email).filter((m) => /damage report/.test(m.headers.subject ?? ""));
  const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

  async function adminQueue(status: "pending" | "approved", viewport = { width: 1280, height: 900 }) {
    const page = await admin.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${shop.server.url}/admin/returns?status=${status}`);
    await waitForHydration(page);
    return page;
  }

  async function approve(orderId: string, instructions: string) {
    const page = await adminQueue("pending");
    const card = page.getByTestId("admin-return-claim").filter({ hasText: orderId });
    await card.waitFor();
    await card.getByRole("button", { name: `Approve the claim on order ${orderId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Approve this claim?" });
    await field(dialog, "Return instructions").fill(instructions);
    await dialog.getByRole("button", { name: "Approve and e-mail" }).click();
    await expectToast(page, `The claim on order ${orderId} is approved; the customer is e-mailed the instructions.`);
    await page.close();
  }

  it("a guest reports damage with a photo, and staff settle it by a refund through Stripe", async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${shop.server.url}/returns`);
    // A wrong e-mail proves nothing.
    await field(page, "Order number").fill(orders.card);
    await field(page, "E-mail address of the order").fill("someone.else@example.com");
    await page.getByRole("button", { name: "Find my order" }).click();
    await page.getByText("We could not find an order with that number and e-mail address.").first().waitFor();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, "find-order-refused-360.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await field(page, "E-mail address of the order").fill(GUEST_EMAIL.toUpperCase());
    await page.getByRole("button", { name: "Find my order" }).click();
    await expectToast(page, `You can now return items of order ${orders.card} or report damage.`);

    // More copies than were bought: the box offers at most 2; past the browser's check, the
    // server refuses and stores nothing.
    await page.getByLabel("Report items damaged on arrival").check();
    expect(await field(page, "The Shepherd's Pack").getAttribute("max")).toBe("2");
    await page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Send request" }) })
      .evaluate((form) => {
        form.setAttribute("novalidate", "");
      });
    await field(page, "The Shepherd's Pack").fill("3");
    await field(page, "What is wrong?").fill("The box was crushed and the covers are bent.");
    await page.getByRole("button", { name: "Send request" }).click();
    await page.getByText("You can claim at most 2 copies").first().waitFor();
    expect(await claimsOf(orders.card)).toEqual([]);

    await field(page, "The Shepherd's Pack").fill("2");
    await field(page, "Photo (optional)").setInputFiles({
      name: "crushed-box.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await page.screenshot({ path: path.join(SHOTS, "claim-form-1280.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Send request" }).click();
    await expectToast(page, "Request sent");
    const mine = page.getByTestId("return-claim");
    await mine.waitFor();
    expect(await mine.innerText()).toContain("Pending");
    // The photo: this browser (it proved the order) sees it; a stranger gets 404.
    const photoHref = await mine.getByRole("link", { name: "See the photo" }).getAttribute("href");
    const own = await page.request.get(`${shop.server.url}${photoHref}`);
    expect(own.status()).toBe(200);
    expect(own.headers()["content-type"]).toBe("image/webp");
    const stranger = await shop.browser.newContext();
    expect((await stranger.request.get(`${shop.server.url}${photoHref}`)).status()).toBe(404);
    await stranger.close();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, "claim-sent-360.png"), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await approve(orders.card, "No need to send the damaged pack back.");
    const queue = await adminQueue("approved");
    const card = queue.getByTestId("admin-return-claim").filter({ hasText: orders.card });
    await card.getByRole("img", { name: `What the customer sent for the claim on order ${orders.card}` }).waitFor();
    await queue.screenshot({ path: path.join(SHOTS, "admin-approved-1280.png"), fullPage: true });
    expect(await axeViolations(queue)).toEqual([]);
    await card.getByRole("button", { name: `Settle by refund of the claim on order ${orders.card}` }).click();
    const confirm = queue.getByRole("alertdialog");
    expect(await confirm.innerText()).toContain("$139.98 is refunded through Stripe");
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await expectToast(queue, `$139.98 refunded for order ${orders.card}; the customer is e-mailed.`);
    await queue.close();

    expect([...stripe.refunds.values()].map((refund) => refund.amount)).toEqual([13998]);
    expect(await claimsOf(orders.card)).toMatchObject([{ status: "settled", settlement: "refund" }]);
    await expect.poll(() => claimMails(GUEST_EMAIL).length, { timeout: 40_000 }).toBe(3);
    const settled = claimMails(GUEST_EMAIL).find((m) => /is settled/.test(m.headers.subject ?? ""))!;
    expect(settled.text).toContain("We have refunded $139.98");

    // The customer's page and Track Order tell every step.
    await page.reload();
    expect(await page.getByTestId("return-claim").innerText()).toContain("Settled");
    await page.goto(`${shop.server.url}/track-order?orderId=${orders.card}`);
    await page.getByTestId("tracking-status").waitFor();
    const timeline = await page.content();
    for (const step of ["Damage reported", "Damage report approved", "Claim settled: refund"])
      expect(timeline).toContain(step);
    await context.close();
  });

  it("a signed-in customer reports damage from Order History, and staff send a replacement at no charge", async () => {
    const cookie = await newCustomerSession(shop.server.url, ACCOUNT);
    const context = await shop.browser.newContext();
    await addCookieHeader(context, shop.server.url, cookie);
    await shop.withDb((db) => giveOrderToAccount(db, orders.invoice, ACCOUNT.email));
    const stockBefore = await shop.withDb((db) => bundleStock(db, "pkg-disciple"));
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${shop.server.url}/order-history`);
    await page.getByRole("link", { name: `Return or report damage for order ${orders.invoice}` }).click();
    await page.getByLabel("Report items damaged on arrival").check();
    await field(page, "The Disciple's Set").fill("1");
    await field(page, "What is wrong?").fill("Pages 3 to 6 are torn.");
    await field(page, "Photo (optional)").setInputFiles({ name: "torn.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Send request" }).click();
    // The toast proves the post and its redirect are done; a screenshot taken mid-navigation can hang.
    await expectToast(page, "Request sent");
    await page.screenshot({ path: path.join(SHOTS, "signed-in-claim-360.png"), fullPage: true });

    await approve(orders.invoice, "Please keep the torn copy; a new one is on its way.");
    const queue = await adminQueue("approved", { width: 360, height: 800 });
    const card = queue.getByTestId("admin-return-claim").filter({ hasText: orders.invoice });
    await card.getByRole("button", { name: `Send a replacement for the claim on order ${orders.invoice}` }).click();
    const confirm = queue.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Place replacement order", exact: true }).click();
    await expectToast(queue, /Replacement order ORD-\w+ placed at no charge; the customer is e-mailed\./);
    await queue.screenshot({ path: path.join(SHOTS, "admin-settled-360.png"), fullPage: true });
    await queue.close();

    const [claim] = await claimsOf(orders.invoice);
    expect(claim).toMatchObject({ status: "settled", settlement: "replacement" });
    const replacement = await shop.withDb((db) =>
      db.selectFrom("orders").selectAll().where("id", "=", claim!.replacement_order_id!).executeTakeFirstOrThrow(),
    );
    expect(replacement).toMatchObject({
      replacement_for_order_id: orders.invoice,
      total_cents: 0,
      customer_email: ACCOUNT.email,
    });
    const stockAfter = await shop.withDb((db) => bundleStock(db, "pkg-disciple"));
    if (stockBefore !== null) expect(stockAfter).toBe(stockBefore - 1);
    await expect.poll(() => claimMails(ACCOUNT.email).length, { timeout: 40_000 }).toBe(3);
    const settled = claimMails(ACCOUNT.email).find((m) => /is settled/.test(m.headers.subject ?? ""))!;
    expect(settled.text).toContain(replacement.id);

    await page.reload();
    expect(await page.getByTestId("return-claim").innerText()).toContain(
      `Replacement at no charge: order ${replacement.id}`,
    );
    await context.close();
  });
});
