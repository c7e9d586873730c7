import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInTestApp } from "#tests/support/admin-test-app.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { insertTestOrder, paidCardOrder } from "#tests/support/test-orders.ts";
import { readFlash } from "#server/http/flash.ts";
import { ORDER_MAIL_KINDS } from "#server/mail/mail-outbox.ts";
import { loadInvoiceDocument, loadOrderDocuments } from "#server/documents/load-order-document.ts";
import { CARRIER_MESSAGE, TRACKING_NUMBER_CHARACTERS } from "#common/orders/parcel-schema.ts";
import { listMyOrders } from "#server/accounts/list-my-orders.ts";
import { renderOrderMail } from "./order-mails.ts";
import { trackOrder } from "./track-order.ts";

const toastOf = (response: Response) => readFlash(response.headers.get("set-cookie")?.split(";")[0]);
// React separates adjacent text parts with empty comments.
const htmlOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const NOTE = "Deliver to the school office; the head teacher is Mrs. Abigail Nabal.";

// Issue 34 through the real app and build (needs `npm run build`): the admin orders action's
// tracking and note intents, who may post them, and where their results show (and do not).
describe.each(TEST_ENGINES)("tracking numbers and staff notes through the app on %s", (engine) => {
  const shop = useSignedInTestApp(engine, {
    admin: { email: "owner@example.com", admin: true },
    customer: "reader@example.com",
  });
  let orderId: string;
  beforeAll(async () => {
    const user = await shop.t.services.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "reader@example.com")
      .executeTakeFirstOrThrow();
    orderId = await insertTestOrder(shop.t.services.db, {
      takeStock: false,
      order: { ...paidCardOrder(), user_id: user.id, customer_email: "reader@example.com" },
    });
  });

  const post = (fields: [string, string][], cookie = shop.admin) =>
    shop.t.app.request("/admin/orders.data", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    });
  const numbers = () =>
    shop.t.services.db
      .selectFrom("order_tracking_numbers")
      .select(["id", "carrier", "tracking_number"])
      .where("order_id", "=", orderId)
      .orderBy("position")
      .execute();
  const status = async () =>
    (await shop.t.services.db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow())
      .status;

  async function expectRefused(response: Response, field: string, message: string) {
    expect(response.status).toBe(400);
    expect(toastOf(response)).toMatchObject({ description: message, variant: "destructive" });
    const body = await response.text();
    expect(body).toContain(`"${field}"`);
    expect(body).toContain(JSON.stringify(message));
  }

  it("refuses bad parcels with the field's message, shipping nothing", async () => {
    const ship = (carrier: string, number: string) =>
      post([
        ["intent", "status"],
        ["orderId", orderId],
        ["status", "Shipped"],
        ["parcels.0.carrier", carrier],
        ["parcels.0.trackingNumber", number],
      ]);
    await expectRefused(await ship("royal-mail", "1Z12345"), "parcels.0.carrier", CARRIER_MESSAGE);
    await expectRefused(
      await ship("ups", "<a href=//evil.example>x</a>"),
      "parcels.0.trackingNumber",
      TRACKING_NUMBER_CHARACTERS,
    );
    await expectRefused(
      await post([
        ["intent", "tracking-add"],
        ["orderId", orderId],
        ["carrier", "usps"],
        ["trackingNumber", "https://evil.example"],
      ]),
      "trackingNumber",
      TRACKING_NUMBER_CHARACTERS,
    );
    expect(await status()).toBe("Pending");
    expect(await numbers()).toEqual([]);
  });

  it("is for admins only: a customer's or a visitor's post changes nothing", async () => {
    const fields: [string, string][][] = [
      [
        ["intent", "tracking-add"],
        ["orderId", orderId],
        ["carrier", "usps"],
        ["trackingNumber", "9400 1111"],
      ],
      [
        ["intent", "note-add"],
        ["orderId", orderId],
        ["note", "hello"],
      ],
      [
        ["intent", "resend-shipped-mail"],
        ["orderId", orderId],
        ["requestId", "x1"],
      ],
    ];
    for (const form of fields) {
      for (const cookie of [shop.customer, ""]) {
        const response = await post(form, cookie);
        expect([401, 403], form[0]![1]).toContain(response.status);
      }
    }
    expect(await numbers()).toEqual([]);
    expect(await shop.t.services.db.selectFrom("order_notes").select("id").execute()).toEqual([]);
  });

  it("ships with two numbers, corrects one, resends the mail; the customer's pages link them, no note anywhere", async () => {
    const shipped = await post([
      ["intent", "status"],
      ["orderId", orderId],
      ["status", "Shipped"],
      ["parcels.0.carrier", "usps"],
      ["parcels.0.trackingNumber", "9400 1000 0000 0000 0000 00"],
      ["parcels.1.carrier", "fedex"],
      ["parcels.1.trackingNumber", "7489 0000 1234"],
    ]);
    expect(shipped.status).toBe(200);
    expect(toastOf(shipped)?.description).toBe("Order status changed to Shipped");
    const [usps, fedex] = await numbers();
    expect(fedex).toMatchObject({ carrier: "fedex", tracking_number: "7489 0000 1234" });

    const corrected = await post([
      ["intent", "tracking-edit"],
      ["orderId", orderId],
      ["trackingId", fedex!.id],
      ["carrier", "ups"],
      ["trackingNumber", "1z999aa10123456784"],
    ]);
    expect(toastOf(corrected)?.title).toBe("Tracking number saved");
    await expectRefused(
      await post([
        ["intent", "tracking-edit"],
        ["orderId", orderId],
        ["trackingId", usps!.id],
        ["carrier", "dhl"],
        ["trackingNumber", ""],
      ]),
      "trackingNumber",
      "Please enter the tracking number.",
    );

    const noted = await post([
      ["intent", "note-add"],
      ["orderId", orderId],
      ["note", NOTE],
    ]);
    expect(toastOf(noted)?.title).toBe("Note added");
    await expectRefused(
      await post([
        ["intent", "note-add"],
        ["orderId", orderId],
        ["note", "x".repeat(2001)],
      ]),
      "note",
      "A note has at most 2,000 characters.",
    );

    const resent = await post([
      ["intent", "resend-shipped-mail"],
      ["orderId", orderId],
      ["requestId", "form-1"],
    ]);
    expect(toastOf(resent)?.description).toBe(`The shipped e-mail of order ${orderId} is on its way to the customer.`);
    const mails = await shop.t.services.db
      .selectFrom("mail_outbox")
      .select("dedupe_key")
      .where("order_id", "=", orderId)
      .where("kind", "=", "shipped")
      .orderBy("dedupe_key")
      .execute();
    expect(mails.map((m) => m.dedupe_key)).toEqual([`${orderId}:shipped`, `${orderId}:shipped:again:form-1`]);

    // Staff see the note and the numbers in Order Details.
    const details = await shop.t.app.request(`/admin/orders.data?details=${orderId}`, {
      headers: { cookie: shop.admin },
    });
    const staffView = await details.text();
    expect(staffView).toContain(NOTE);
    expect(staffView).toContain("owner@example.com");
    expect(staffView).toContain("1Z999AA10123456784");

    const links = [
      'href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000"',
      'href="https://www.ups.com/track?tracknum=1Z999AA10123456784"',
    ];
    for (const [path, cookie] of [
      [`/track-order?orderId=${orderId}`, ""],
      [`/order-history`, shop.customer],
      [`/order-confirmation/${orderId}`, shop.customer],
    ] as const) {
      const response = await shop.t.app.request(path, { headers: { accept: "text/html", cookie } });
      expect(response.status, path).toBe(200);
      const html = await htmlOf(response);
      for (const link of links) expect(html, path).toContain(link);
      expect(html, path).not.toContain("7489 0000 1234");
      expect(html, path).not.toContain("Abigail");
    }
    const track = await shop.t.app.request(`/track-order.data?orderId=${orderId}`);
    expect(await track.text()).not.toContain("Abigail");

    // Nor in what the server hands customers: mails, documents, the tracking and order lists.
    const deps = { db: shop.t.services.db, clock: shop.t.services.clock, env: { PUBLIC_URL: "https://shop.example" } };
    for (const kind of ORDER_MAIL_KINDS) {
      const mail = await renderOrderMail(deps, { kind, orderId });
      expect(JSON.stringify(mail), kind).not.toContain("Abigail");
    }
    const customerData = [
      await loadInvoiceDocument(deps, { orderId }),
      await loadOrderDocuments(deps, { orderIds: [orderId] }),
      await trackOrder(deps, { orderId }),
      await listMyOrders(deps, { viewer: { userId: "nobody", email: "reader@example.com", emailVerified: true } }),
    ];
    expect(JSON.stringify(customerData)).not.toContain("Abigail");
  });
});
