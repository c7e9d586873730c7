import { beforeEach, describe, expect, it } from "vitest";
import {
  TEST_PAYPAL_CLIENT_ID,
  TEST_PAYPAL_CLIENT_SECRET,
  TEST_PAYPAL_MERCHANT_ID,
  TEST_PAYPAL_WEBHOOK_ID,
} from "#tests/support/paypal-stand-in.ts";
import { useRecordedPayPalStandIn } from "#tests/support/recorded-paypal-stand-in.ts";
import { createPayPalClient, type NewPayPalOrder, type PayPalClient } from "./paypal-client.ts";
import { readPayPalEvent } from "./paypal-schemas.ts";

// The stand-in is worth something only if it answers as PayPal does: these tests drive its buyer
// page, its checks of amounts and its webhooks, which the client tests take for granted.
describe("PayPal stand-in", () => {
  const { standIn, received } = useRecordedPayPalStandIn();
  let client: PayPalClient;

  beforeEach(() => {
    client = createPayPalClient(
      { environment: "live", clientId: TEST_PAYPAL_CLIENT_ID, clientSecret: TEST_PAYPAL_CLIENT_SECRET },
      { PAYPAL_API_URL: standIn.url },
    );
  });

  const order: NewPayPalOrder = {
    currency: "EUR",
    items: [{ name: "Atlas", quantity: 1, unitAmount: 4200 }],
    shipping: 450,
    customId: "LS-2001",
    invoiceId: "LS-2001",
    returnUrl: "http://shop.test/paypal/return?order=LS-2001",
    cancelUrl: "http://shop.test/paypal/cancel?order=LS-2001",
  };

  async function token(): Promise<string> {
    const response = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_PAYPAL_CLIENT_ID}:${TEST_PAYPAL_CLIENT_SECRET}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  /** A raw API call, as any PayPal client would make it. */
  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${standIn.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await token()}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const unit = (amount: unknown, extra: Record<string, unknown> = {}) => ({
    intent: "CAPTURE",
    purchase_units: [{ amount, ...extra }],
  });
  const usd = (value: string) => ({ currency_code: "USD", value });

  it("plays the buyer: Pay approves and returns with token and PayerID, Cancel returns with token", async () => {
    const created = await client.createOrder(order, { requestId: "create-1" });
    const page = await fetch(created.approveUrl!);
    const html = await page.text();
    expect(html).toContain("46.50 EUR");
    expect(html).toMatch(/<button name="action" value="pay">Pay<\/button>/);
    expect(html).toMatch(/<button name="action" value="cancel">Cancel<\/button>/);

    const other = await client.createOrder(order, { requestId: "create-2" });
    const cancelled = await fetch(other.approveUrl!, {
      method: "POST",
      body: new URLSearchParams({ action: "cancel" }),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`http://shop.test/paypal/cancel?order=LS-2001&token=${other.id}`);
    expect(standIn.orders.get(other.id)!.status).toBe("PAYER_ACTION_REQUIRED");

    const paid = await fetch(created.approveUrl!, {
      method: "POST",
      body: new URLSearchParams({ action: "pay" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe("http://shop.test/paypal/return");
    expect(back.searchParams.get("order")).toBe("LS-2001");
    expect(back.searchParams.get("token")).toBe(created.id);
    expect(back.searchParams.get("PayerID")).toMatch(/^[A-Z0-9]{13}$/);
    expect(await client.getOrder(created.id)).toMatchObject({
      status: "APPROVED",
      payerId: back.searchParams.get("PayerID"),
      approveUrl: null,
    });
    expect(received.map((r) => r.event.event_type)).toEqual(["CHECKOUT.ORDER.APPROVED"]);

    await client.captureOrder(created.id, { requestId: "capture-1" });
    expect((await fetch(created.approveUrl!)).status).toBe(410);
  });

  it("answers the token only for its credentials and every other call only with a token", async () => {
    const refused = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${TEST_PAYPAL_CLIENT_ID}:nope`).toString("base64")}` },
      body: "grant_type=client_credentials",
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: "invalid_client",
      error_description: "Client Authentication failed",
    });
    const anonymous = await fetch(`${standIn.url}/v2/checkout/orders/ANY`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ name: "AUTHENTICATION_FAILURE" });
  });

  it("checks amounts as PayPal does", async () => {
    const items = (value: string, quantity = "2") => ({
      items: [{ name: "Book", quantity, unit_amount: usd(value) }],
    });
    const cases: [unknown, number, string][] = [
      [unit({ ...usd("10.00"), breakdown: { item_total: usd("9.00") } }), 422, "AMOUNT_MISMATCH"],
      [unit({ ...usd("10.00"), breakdown: { item_total: usd("10.00") } }, items("4.00")), 422, "ITEM_TOTAL_MISMATCH"],
      [unit(usd("10.00"), items("5.00")), 422, "ITEM_TOTAL_REQUIRED"],
      [unit(usd("10.005")), 422, "DECIMAL_PRECISION"],
      [unit({ currency_code: "HUF", value: "100.50" }), 422, "DECIMAL_PRECISION"],
      [unit({ currency_code: "ZAR", value: "10.00" }), 422, "CURRENCY_NOT_SUPPORTED"],
      [unit(usd("0.00")), 422, "CANNOT_BE_ZERO_OR_NEGATIVE"],
      [unit(usd("10,00")), 400, "INVALID_PARAMETER_SYNTAX"],
      [{ purchase_units: [{ amount: usd("1.00") }] }, 400, "MISSING_REQUIRED_PARAMETER"],
    ];
    for (const [body, status, issue] of cases) {
      const answer = await post("/v2/checkout/orders", body);
      expect({ status: answer.status, issue: (answer.body.details as { issue: string }[])[0]!.issue }).toEqual({
        status,
        issue,
      });
    }
    expect(standIn.orders.size).toBe(0);

    const good = unit(
      {
        ...usd("23.50"),
        breakdown: {
          item_total: usd("20.00"),
          shipping: usd("5.00"),
          tax_total: usd("1.00"),
          discount: usd("2.50"),
        },
      },
      { ...items("10.00"), custom_id: "LS-1", invoice_id: "INV-1" },
    );
    const created = await post("/v2/checkout/orders", good);
    // Without Prefer: PayPal's minimal answer; with application_context (or nothing): CREATED and `approve`.
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(["id", "links", "status"]);
    expect(created.body.status).toBe("CREATED");
    expect((created.body.links as { rel: string }[]).map((link) => link.rel)).toEqual([
      "self",
      "approve",
      "update",
      "capture",
    ]);
    const recorded = standIn.orders.get(created.body.id as string)!;
    expect(recorded.purchase_units[0]).toMatchObject({
      custom_id: "LS-1",
      invoice_id: "INV-1",
      payee: { merchant_id: TEST_PAYPAL_MERCHANT_ID },
      amount: { breakdown: { discount: usd("2.50") } },
      items: [{ name: "Book", quantity: "2" }],
    });
  });

  it("refuses to capture a second order with an invoice id already paid", async () => {
    const first = await client.createOrder(order, { requestId: "create-1" });
    const second = await client.createOrder(order, { requestId: "create-2" });
    await standIn.approve(first.id);
    await standIn.approve(second.id);
    await client.captureOrder(first.id, { requestId: "capture-1" });
    await expect(client.captureOrder(second.id, { requestId: "capture-2" })).rejects.toMatchObject({
      issue: "DUPLICATE_INVOICE_ID",
    });
    expect(standIn.orderForCustomId("LS-2001")!.id).toBe(second.id);
  });

  it("sends PayPal's events, which the shop can verify and read", async () => {
    const created = await client.createOrder(order, { requestId: "create-1" });
    await standIn.approve(created.id, { payerId: "PAYERID000001" });
    const captured = await client.captureOrder(created.id, { requestId: "capture-1" });
    const captureId = captured.captures[0]!.id;
    await client.refundCapture(captureId, { requestId: "refund-1", amount: 650, currency: "EUR", customId: "a1" });
    await standIn.refundInDashboard(captureId, 1000);
    await standIn.reverseCapture(captureId);

    const pendingOrder = await client.createOrder({ ...order, invoiceId: "LS-2002" }, { requestId: "create-2" });
    await standIn.approve(pendingOrder.id);
    standIn.setNextCapture("pending");
    const pending = (await client.captureOrder(pendingOrder.id, { requestId: "capture-2" })).captures[0]!;
    await standIn.denyPendingCapture(pending.id);

    const unpaid = await client.createOrder({ ...order, invoiceId: "LS-2003" }, { requestId: "create-3" });
    await standIn.approve(unpaid.id);
    await standIn.reverseApproval(unpaid.id);
    await expect(client.captureOrder(unpaid.id, { requestId: "capture-3" })).rejects.toMatchObject({
      issue: "ORDER_NOT_APPROVED",
    });

    await standIn.settled();
    const events = received.map((r) => r.event);
    expect(events.map((e) => [e.event_type, e.resource_type])).toEqual([
      ["CHECKOUT.ORDER.APPROVED", "checkout-order"],
      ["PAYMENT.CAPTURE.COMPLETED", "capture"],
      ["PAYMENT.CAPTURE.REFUNDED", "refund"],
      ["PAYMENT.CAPTURE.REFUNDED", "refund"],
      ["PAYMENT.CAPTURE.REVERSED", "refund"],
      ["CHECKOUT.ORDER.APPROVED", "checkout-order"],
      ["PAYMENT.CAPTURE.PENDING", "capture"],
      ["PAYMENT.CAPTURE.DENIED", "capture"],
      ["CHECKOUT.ORDER.APPROVED", "checkout-order"],
      ["CHECKOUT.PAYMENT-APPROVAL.REVERSED", "checkout-order"],
    ]);
    for (const { headers, event } of received) {
      expect(event).toMatchObject({ id: expect.stringMatching(/^WH-/), create_time: expect.any(String) });
      expect(await client.verifyWebhookSignature({ headers, webhookId: TEST_PAYPAL_WEBHOOK_ID, event })).toBe(true);
    }
    const facts = events.map((event) => readPayPalEvent(event));
    expect(facts[0]!.order).toMatchObject({
      id: created.id,
      status: "APPROVED",
      payerId: "PAYERID000001",
      amount: 4650,
    });
    expect(facts[1]!.capture).toMatchObject({
      id: captureId,
      status: "COMPLETED",
      orderId: created.id,
      customId: "LS-2001",
    });
    expect(facts[2]!.refund).toMatchObject({ amount: 650, captureId, customId: "a1" });
    expect(facts[3]!.refund).toMatchObject({ amount: 1000, captureId, customId: null });
    expect(facts[4]!.refund).toMatchObject({ amount: 3000, captureId });
    expect(facts[7]!.capture).toMatchObject({ id: pending.id, status: "DECLINED", orderId: pendingOrder.id });
    expect(facts[9]).toMatchObject({ reversedOrderId: unpaid.id, order: null, capture: null });
    expect(readPayPalEvent({ ...events[1], resource: { id: "X" } })).toBeNull();
    expect(readPayPalEvent({ id: "WH-1", event_type: "CUSTOMER.DISPUTE.CREATED", resource: {} })).toMatchObject({
      type: "CUSTOMER.DISPUTE.CREATED",
    });
  });

  it("holds events, sends them in any order, drops them, and replays one in a new transmission", async () => {
    const created = await client.createOrder(order, { requestId: "create-1" });
    standIn.holdWebhooks();
    await standIn.approve(created.id);
    await client.captureOrder(created.id, { requestId: "capture-1" });
    expect(received).toHaveLength(0);
    const [approved, completed] = standIn.heldEvents();
    expect([approved!.event_type, completed!.event_type]).toEqual([
      "CHECKOUT.ORDER.APPROVED",
      "PAYMENT.CAPTURE.COMPLETED",
    ]);
    await standIn.sendHeld([completed!.id, approved!.id]);
    expect(received.map((r) => r.event.id)).toEqual([completed!.id, approved!.id]);

    await standIn.replayEvent(completed!.id);
    const [first, , again] = standIn.deliveries();
    expect(again!.eventId).toBe(first!.eventId);
    expect(again!.transmissionId).not.toBe(first!.transmissionId);
    expect(received[2]!.headers.get("paypal-transmission-id")).toBe(again!.transmissionId);

    const captureId = standIn.orders.get(created.id)!.capture_ids[0]!;
    await client.refundCapture(captureId, { requestId: "refund-1" });
    expect(standIn.heldEvents().map((e) => e.event_type)).toEqual(["PAYMENT.CAPTURE.REFUNDED"]);
    standIn.dropHeld();
    standIn.holdWebhooks(false);
    expect(await standIn.sendHeld()).toEqual([]);
    expect(received).toHaveLength(3);
  });
});
