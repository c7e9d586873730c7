import { describe, expect, it, vi } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { loadPaymentOptions } from "#server/checkout/payment-options.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { insertCardOrder } from "#tests/support/card-order.ts";
import { startPayPalPaymentFixture } from "#tests/support/paypal-payment-fixture.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { startPayPalPayment } from "./start-paypal-payment.ts";

describe.each(TEST_ENGINES)("starting a PayPal payment on %s", (engine) => {
  const f = useFixture(() => startPayPalPaymentFixture(engine));

  const creations = () => f.standIn.requests().filter((r) => r.method === "POST" && r.path === "/v2/checkout/orders");

  it("creates one PayPal order from the server's prices in cents, adding up exactly, and sends the buyer to approve it", async () => {
    const { orderId, paypalOrderId, url } = await f.placePayPalOrder();
    expect(url).toBe(`${f.standIn.url}/checkoutnow?token=${paypalOrderId}`);
    const [created] = creations();
    const publicUrl = f.testApp.services.env.PUBLIC_URL;
    expect(created!.requestId).toBe(`paypal-order:${orderId}:first`);
    expect(created!.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [
        {
          custom_id: orderId,
          invoice_id: orderId,
          amount: {
            currency_code: "USD",
            value: "30.00",
            breakdown: {
              item_total: { currency_code: "USD", value: "25.00" },
              shipping: { currency_code: "USD", value: "5.00" },
            },
          },
          items: [{ name: "Card Test Book", quantity: "2", unit_amount: { currency_code: "USD", value: "12.50" } }],
          shipping: {
            name: { full_name: "Card Buyer" },
            address: {
              address_line_1: "12 Olive Grove Lane",
              admin_area_2: "Nashville",
              admin_area_1: "TN",
              postal_code: "37201",
              country_code: "US",
            },
          },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            shipping_preference: "SET_PROVIDED_ADDRESS",
            user_action: "PAY_NOW",
            return_url: `${publicUrl}/order-confirmation/${orderId}?paypal=return`,
            cancel_url: `${publicUrl}/order-confirmation/${orderId}?paypal=cancel`,
          },
        },
      },
    });
    expect(await f.order(orderId)).toMatchObject({
      paypal_order_id: paypalOrderId,
      payment_status: "awaiting_payment",
    });
    // A reload, a second click: the same PayPal order's page, nothing created twice.
    expect((await startPayPalPayment(f.testApp.services, { orderId })).url).toBe(url);
    expect(f.standIn.orders.size).toBe(1);
    expect(creations()).toHaveLength(1);
  });

  it.each([
    {
      part: "the sales tax as the breakdown's tax_total",
      order: { taxCents: 175 },
      value: "31.75",
      breakdown: { tax_total: { currency_code: "USD", value: "1.75" } },
    },
    {
      part: "a discount code as the breakdown's discount",
      order: { discountCents: 300, taxCents: 175 },
      value: "28.75",
      breakdown: { tax_total: { value: "1.75" }, discount: { currency_code: "USD", value: "3.00" } },
    },
  ])("sends $part, so the amounts add up to the order's total", async ({ order, value, breakdown }) => {
    await f.placePayPalOrder(order);
    const [created] = creations();
    expect(created!.body).toMatchObject({
      purchase_units: [
        {
          amount: {
            value,
            breakdown: { item_total: { value: "25.00" }, shipping: { value: "5.00" }, ...breakdown },
          },
        },
      ],
    });
  });

  it("a double-click on Place Order creates one PayPal order and sends both requests to it", async () => {
    const services = f.testApp.services;
    const orderId = await insertCardOrder(services.db, { bookId: f.bookId, quantity: 1, method: "paypal" });
    const release = f.standIn.holdOrderCreation();
    const both = Promise.all([startPayPalPayment(services, { orderId }), startPayPalPayment(services, { orderId })]);
    await vi.waitFor(() => expect(creations()).toHaveLength(2));
    release();
    const [first, second] = await both;
    expect(second.url).toBe(first.url);
    expect(f.standIn.orders.size).toBe(1);
    expect(creations().map((r) => r.requestId)).toEqual([
      `paypal-order:${orderId}:first`,
      `paypal-order:${orderId}:first`,
    ]);
  });

  it("never opens the page again once the buyer approved it, and opens a new one only when PayPal does not know the first", async () => {
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    // Approved, and neither the webhook nor the return page has captured it yet.
    f.standIn.holdWebhooks();
    await f.standIn.approve(paypalOrderId);
    await expect(startPayPalPayment(f.testApp.services, { orderId })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "payment-being-confirmed",
    });
    f.standIn.orders.delete(paypalOrderId);
    const { url } = await startPayPalPayment(f.testApp.services, { orderId });
    const second = f.standIn.orderForCustomId(orderId)!;
    expect(second.id).not.toBe(paypalOrderId);
    expect(url).toBe(`${f.standIn.url}/checkoutnow?token=${second.id}`);
    expect(creations().at(-1)!.requestId).toBe(`paypal-order:${orderId}:${paypalOrderId}`);
    expect((await f.order(orderId)).paypal_order_id).toBe(second.id);
  });

  it("PayPal unreachable, or switched off: UNAVAILABLE for the buyer, the cause in the log, the order as it was", async () => {
    const orderId = await insertCardOrder(f.testApp.services.db, { bookId: f.bookId, quantity: 1, method: "paypal" });
    f.standIn.failNextRequests(10, 503);
    await expect(startPayPalPayment(f.testApp.services, { orderId })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      reason: "paypal-error",
    });
    expect(f.testApp.logs.some((l) => l.msg === "PayPal refused to create an order")).toBe(true);
    expect(await f.order(orderId)).toMatchObject({ paypal_order_id: null, payment_status: "awaiting_payment" });
    f.standIn.failNextRequests(0);
    await f.testApp.services.db
      .updateTable("store_settings")
      .set({ enable_paypal: false })
      .where("id", "=", STORE_SETTINGS_ID)
      .execute();
    await expect(startPayPalPayment(f.testApp.services, { orderId })).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });

  it("checkout offers PayPal only while it is on and fully configured, in a currency PayPal takes", async () => {
    const { db } = f.testApp.services;
    const options = () => loadPaymentOptions(f.testApp.services);
    expect((await options()).paypal).toBe(true);
    const set = (values: Record<string, unknown>) =>
      db.updateTable("store_settings").set(values).where("id", "=", STORE_SETTINGS_ID).execute();
    await set({ paypal_merchant_id: null });
    expect((await options()).paypal).toBe(false);
    await set({ paypal_merchant_id: "LSTESTMERCH01", paypal_webhook_id: " " });
    expect((await options()).paypal).toBe(false);
    await set({ paypal_webhook_id: "4JH86294D6297924G", currency: "ZAR" });
    expect((await options()).paypal).toBe(false);
    await set({ currency: "USD", paypal_client_secret_encrypted: "v1:garbled" });
    expect((await options()).paypal).toBe(false);
  });
});
