import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { rememberPlacedOrder } from "#server/checkout/placed-orders-cookie.ts";
import { createPayPalClient } from "./paypal-client.ts";
import { startPayPalPaymentFixture, type PayPalPaymentFixture } from "#tests/support/paypal-payment-fixture.ts";
import {
  TEST_PAYPAL_CLIENT_ID,
  TEST_PAYPAL_CLIENT_SECRET,
  type CaptureOutcome,
} from "#tests/support/paypal-stand-in.ts";
import { TEST_ENGINES } from "#tests/support/test-database.ts";
import { payPalClientFor } from "./paypal-config.ts";
import { settlePayPalOrder } from "./settle-paypal-order.ts";

const SANDBOX = {
  environment: "sandbox",
  clientId: TEST_PAYPAL_CLIENT_ID,
  clientSecret: TEST_PAYPAL_CLIENT_SECRET,
} as const;

// The buyer's way back from PayPal's page, through the real app: the shop captures, and the
// confirmation says paid, pending or failed.
describe.each(TEST_ENGINES)("the buyer's return from PayPal on %s", (engine) => {
  const [f, setF] = useFixtureSetByTests<PayPalPaymentFixture>();

  const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
  const cookieFor = (orderId: string) =>
    rememberPlacedOrder(null, orderId, { appSecret: f.testApp.services.env.APP_SECRET, secure: false }).split(";")[0]!;
  /** The confirmation page as the buyer's browser asks for it. */
  const visit = (orderId: string, address: string) =>
    f.testApp.app.request(address.replace(/^https?:\/\/[^/]+/, ""), { headers: { Cookie: cookieFor(orderId) } });
  const captures = () => f.standIn.requests().filter((r) => r.path.endsWith("/capture"));
  /** A PayPal order placed and approved on PayPal's page, its webhooks held: `back` is the way home. */
  async function approvedPayPalOrder(nextCapture?: CaptureOutcome) {
    setF(await startPayPalPaymentFixture(engine));
    const placed = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    if (nextCapture) f.standIn.setNextCapture(nextCapture);
    return { ...placed, back: await f.approve(placed.url) };
  }

  it("captures on return, once, and the page says paid; the late webhook and a reload change nothing", async () => {
    const { orderId, paypalOrderId, back } = await approvedPayPalOrder();
    expect(back.pathname).toBe(`/order-confirmation/${orderId}`);
    expect(back.searchParams.get("paypal")).toBe("return");
    expect(back.searchParams.get("token")).toBe(paypalOrderId);

    const page = await visit(orderId, back.toString());
    expect(page.status).toBe(200);
    expect(await textOf(page)).toContain("Paid</strong> with PayPal. Thank you!");
    expect(captures().map((r) => r.requestId)).toEqual([`capture:${paypalOrderId}`]);
    const [captureId] = f.standIn.orders.get(paypalOrderId)!.capture_ids;
    expect(await f.order(orderId)).toMatchObject({
      payment_status: "paid",
      amount_paid_cents: 3000,
      payment_reference: captureId,
      payment_expires_at: null,
    });
    expect(await f.bookStock()).toBe(8);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);

    expect((await visit(orderId, back.toString())).status).toBe(200);
    await f.standIn.sendHeld();
    await f.standIn.settled();
    expect(captures()).toHaveLength(1);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
    expect((await f.history(orderId)).filter((step) => step.status === "Payment received")).toHaveLength(1);
    expect(await f.bookStock()).toBe(8);
  });

  it("asks PayPal only about the order's own PayPal order", async () => {
    const { orderId, back } = await approvedPayPalOrder();
    back.searchParams.set("token", "SOMEONEELSES0001");
    await visit(orderId, back.toString());
    expect(captures()).toHaveLength(0);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
  });

  it("a declined funding source sends the buyer back to PayPal, and the next capture is a new request that pays", async () => {
    const { orderId, paypalOrderId, back } = await approvedPayPalOrder("declined");
    const declined = await visit(orderId, back.toString());
    expect(declined.status).toBe(302);
    expect(declined.headers.get("location")).toBe(`${f.standIn.url}/checkoutnow?token=${paypalOrderId}`);
    expect((await f.order(orderId)).payment_status).toBe("awaiting_payment");
    expect(await f.events(orderId)).toEqual([`paypal-declined:${paypalOrderId}:1`]);
    expect((await f.history(orderId)).at(-1)).toMatchObject({
      status: "PayPal declined the payment",
      customer_visible: f.testApp.services.database.engine === "sqlite" ? 0 : false,
    });

    // The buyer chooses another funding source on PayPal's page and comes back.
    const again = await f.approve(declined.headers.get("location")!);
    expect(await textOf(await visit(orderId, again.toString()))).toContain("with PayPal. Thank you!");
    expect(captures().map((r) => [r.requestId, r.status])).toEqual([
      [`capture:${paypalOrderId}`, 422],
      [`capture:${paypalOrderId}:after-1-declined`, 201],
    ]);
    expect((await f.order(orderId)).payment_status).toBe("paid");
  });

  it("a capture PayPal holds is pending: said so once, then paid when PayPal clears it", async () => {
    const { orderId, paypalOrderId, back } = await approvedPayPalOrder("pending");
    const page = await textOf(await visit(orderId, back.toString()));
    expect(page).toContain("Payment pending.");
    expect(page).not.toContain("Pay with PayPal");
    const services = f.testApp.services;
    await settlePayPalOrder(services, { orderId });
    await settlePayPalOrder(services, { orderId, expireIfDue: true });
    expect((await f.history(orderId)).filter((step) => step.status === "Payment processing")).toHaveLength(1);
    expect(await f.order(orderId)).toMatchObject({
      payment_status: "awaiting_payment",
      stock_taken: expect.anything(),
    });
    expect(await f.bookStock()).toBe(8);

    const [captureId] = f.standIn.orders.get(paypalOrderId)!.capture_ids;
    await f.standIn.completePendingCapture(captureId!);
    expect((await settlePayPalOrder(services, { orderId })).paymentStatus).toBe("paid");
    expect(captures()).toHaveLength(1);
    expect(await f.outbox(orderId)).toEqual(["new-order-notice", "order-confirmation"]);
  });

  it("ORDER_ALREADY_CAPTURED is success, read from the order", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, paypalOrderId } = await f.placePayPalOrder();
    f.standIn.holdWebhooks();
    await f.standIn.approve(paypalOrderId);
    // Captured by an earlier request whose request id PayPal no longer remembers.
    const other = createPayPalClient(SANDBOX, { PAYPAL_API_URL: f.standIn.url });
    await other.captureOrder(paypalOrderId, { requestId: "an-older-request" });
    // The shop read the order just before that capture: approved, not captured yet.
    const shops = payPalClientFor(SANDBOX, { PAYPAL_API_URL: f.standIn.url });
    const getOrder = shops.getOrder;
    let stale = true;
    shops.getOrder = async (id) => {
      const now = await getOrder(id);
      if (!stale) return now;
      stale = false;
      return { ...now, status: "APPROVED", captures: [] };
    };
    const settled = await settlePayPalOrder(f.testApp.services, { orderId }).finally(() => {
      shops.getOrder = getOrder;
    });
    expect(settled).toMatchObject({ paymentStatus: "paid", moved: "paid" });
    expect(captures().map((r) => r.status)).toEqual([201, 422]);
    expect((await f.order(orderId)).payment_reference).toBe(f.standIn.orders.get(paypalOrderId)!.capture_ids[0]);
  });

  it("the buyer who cancels at PayPal can pay with PayPal again from the confirmation", async () => {
    setF(await startPayPalPaymentFixture(engine));
    const { orderId, url } = await f.placePayPalOrder();
    const cancelled = await fetch(url, {
      method: "POST",
      body: new URLSearchParams({ action: "cancel" }),
      redirect: "manual",
    });
    const back = new URL(cancelled.headers.get("location")!);
    expect(back.searchParams.get("paypal")).toBe("cancel");
    const page = await textOf(await visit(orderId, back.toString()));
    expect(page).toContain("The PayPal payment was cancelled.");
    expect(page).toContain("Pay with PayPal");
    expect(await f.bookStock()).toBe(8);
    const again = await f.testApp.app.request(`/order-confirmation/${orderId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieFor(orderId) },
      body: new URLSearchParams({ intent: "pay-by-card" }).toString(),
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(url);
    expect(f.standIn.orders.size).toBe(1);
  });
});
