import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInTestApp } from "#tests/support/admin-test-app.ts";
import { rememberPlacedOrder } from "#server/checkout/placed-orders-cookie.ts";
import { ADMIN_DOWNLOADS, orderPath, SITE_RESOURCES } from "#common/pages/site-paths.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { pdfPages, pdfText } from "#tests/support/pdf-text.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { insertTestOrder } from "#tests/support/test-orders.ts";

// The invoice and packing-slip downloads through the real app and build (needs `npm run build`).
describe.each(TEST_ENGINES)("PDF document routes on %s", (engine) => {
  const shop = useSignedInTestApp(engine, {
    owner: "owner-customer@example.com",
    otherCustomer: "someone-else@example.com",
    admin: { email: "staff@example.com", admin: true },
  });
  let ownedOrder: string;
  let guestOrder: string;
  beforeAll(async () => {
    const { db } = shop.t.services;
    await enableInvoicePayments(db, { terms: "Net 30" });
    await db
      .updateTable("store_settings")
      .set({ postal_address: "400 Mustard Seed Way\nNashville, TN 37201" })
      .execute();
    const user = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "owner-customer@example.com")
      .executeTakeFirstOrThrow();
    ownedOrder = await insertTestOrder(db, { takeStock: false, order: { user_id: user.id } });
    guestOrder = await insertTestOrder(db, { takeStock: false, order: { customer_email: "guest@example.com" } });
  });

  const invoiceUrl = (orderId: string) => orderPath(SITE_RESOURCES.orderInvoice.path, orderId);
  const adminInvoiceUrl = (orderId: string) => orderPath(ADMIN_DOWNLOADS.orderInvoice, orderId);
  const get = (url: string, cookie?: string) => shop.t.app.request(url, { headers: cookie ? { cookie } : {} });
  /** The placed-orders cookie the checkout sets in the browser that placed `orderId`. */
  const placedCookie = (orderId: string) =>
    rememberPlacedOrder(null, orderId, { appSecret: shop.t.services.env.APP_SECRET, secure: false }).split(";")[0]!;

  async function expectInvoice(response: Response, orderId: string) {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${orderId}.pdf"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(`Invoice number ${orderId}`);
    expect(text).toContain("400 Mustard Seed Way Nashville, TN 37201");
    expect(text).toContain("Due date December 20, 2026");
  }

  async function expectNotFound(response: Response) {
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe("This invoice could not be found.");
  }

  it("gives the owning account, the browser that placed the order and an admin the invoice", async () => {
    await expectInvoice(await get(invoiceUrl(ownedOrder), shop.owner), ownedOrder);
    await expectInvoice(await get(invoiceUrl(guestOrder), placedCookie(guestOrder)), guestOrder);
    await expectInvoice(
      await get(invoiceUrl(guestOrder), `${shop.otherCustomer}; ${placedCookie(guestOrder)}`),
      guestOrder,
    );
    await expectInvoice(await get(invoiceUrl(guestOrder), shop.admin), guestOrder);
  });

  it("gives an account the invoices its Order History lists: orders placed with its address once verified", async () => {
    const { db } = shop.t.services;
    const byAddress = await insertTestOrder(db, {
      takeStock: false,
      order: { customer_email: "Someone-Else@example.com" },
    });
    await expectNotFound(await get(invoiceUrl(byAddress), shop.otherCustomer));
    await db.updateTable("user").set({ emailVerified: true }).where("email", "=", "someone-else@example.com").execute();
    await expectInvoice(await get(invoiceUrl(byAddress), shop.otherCustomer), byAddress);
    await db
      .updateTable("user")
      .set({ emailVerified: false })
      .where("email", "=", "someone-else@example.com")
      .execute();
  });

  it("answers everyone else as for an unknown order: the same 404, never saying whether it exists", async () => {
    await expectNotFound(await get(invoiceUrl(ownedOrder), shop.otherCustomer));
    await expectNotFound(await get(invoiceUrl(ownedOrder)));
    await expectNotFound(await get(invoiceUrl(guestOrder), shop.owner));
    // Another order's cookie, and a forged one, open nothing.
    await expectNotFound(await get(invoiceUrl(ownedOrder), placedCookie(guestOrder)));
    await expectNotFound(await get(invoiceUrl(guestOrder), `shop_placed_orders=${guestOrder}.AAAA`));
    await expectNotFound(await get(invoiceUrl("ORD-UNKNOWN00000")));
    await expectNotFound(await get(invoiceUrl("ORD-UNKNOWN00000"), placedCookie("ORD-UNKNOWN00000")));
    await expectNotFound(await get(invoiceUrl("ORD-UNKNOWN00000"), shop.admin));
    await expectNotFound(await get(invoiceUrl("x".repeat(300)), shop.admin));
  });

  it("gives admins any order's invoice in the admin area, and nobody else", async () => {
    await expectInvoice(await get(adminInvoiceUrl(guestOrder), shop.admin), guestOrder);
    const unknown = await get(adminInvoiceUrl("ORD-UNKNOWN00000"), shop.admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("This order could not be found.");
    for (const cookie of [shop.owner, undefined]) {
      const refused = await get(adminInvoiceUrl(ownedOrder), cookie);
      expect(refused.status).toBe(cookie ? 403 : 401);
      expect(refused.headers.get("content-type")).not.toBe("application/pdf");
    }
  });

  it("gives admins packing slips for the ticked orders, without prices, and refuses bad lists", async () => {
    const both = await get(`${ADMIN_DOWNLOADS.packingSlips}?ids=${guestOrder},${ownedOrder}`, shop.admin);
    expect(both.status).toBe(200);
    expect(both.headers.get("content-type")).toBe("application/pdf");
    expect(both.headers.get("cache-control")).toBe("private, no-store");
    expect(both.headers.get("content-disposition")).toMatch(
      /^attachment; filename="packing-slips-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pages = await pdfPages(new Uint8Array(await both.arrayBuffer()));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Order number ${guestOrder}`);
    expect(pages[1]).toContain(`Order number ${ownedOrder}`);
    expect(pages.join("\n")).not.toContain("$");

    const one = await get(`${ADMIN_DOWNLOADS.packingSlips}?ids=${guestOrder}`, shop.admin);
    expect(one.headers.get("content-disposition")).toBe(`attachment; filename="packing-slip-${guestOrder}.pdf"`);
    await one.arrayBuffer();

    const refusals: [string, number, string][] = [
      ["", 400, "Please choose at least one order."],
      ["?ids=,,", 400, "Please choose at least one order."],
      [`?ids=${Array.from({ length: 101 }, (_, i) => `ORD-${i}`).join(",")}`, 400, "at most 100 orders"],
      [`?ids=${guestOrder},ORD-GONE`, 404, "This order could not be found: ORD-GONE."],
    ];
    for (const [query, status, message] of refusals) {
      const response = await get(`${ADMIN_DOWNLOADS.packingSlips}${query}`, shop.admin);
      expect(response.status, query).toBe(status);
      expect(await response.text(), query).toContain(message);
    }
    const customer = await get(`${ADMIN_DOWNLOADS.packingSlips}?ids=${ownedOrder}`, shop.owner);
    expect(customer.status).toBe(403);
  });

  // Last: it spends this client's allowance.
  it("limits the invoice downloads one client asks for", async () => {
    let response: Response | undefined;
    for (let i = 0; i < 31; i++) {
      response = await get(invoiceUrl("ORD-UNKNOWN00000"));
      if (response.status === 429) break;
      expect(response.status).toBe(404);
      await response.text();
    }
    expect(response!.status).toBe(429);
    expect(Number(response!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(response!.headers.get("cache-control")).toBe("private, no-store");
  });
});
