import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  startPayPalStandIn,
  TEST_PAYPAL_CLIENT_ID,
  TEST_PAYPAL_CLIENT_SECRET,
  TEST_PAYPAL_WEBHOOK_ID,
} from "#tests/support/paypal-stand-in.ts";
import { useRecordedPayPalStandIn } from "#tests/support/recorded-paypal-stand-in.ts";
import {
  createPayPalClient,
  payPalApiBase,
  payPalCheckoutOrigin,
  PayPalError,
  type NewPayPalOrder,
  type PayPalClient,
  type PayPalClientOptions,
} from "./paypal-client.ts";
import { centsToPayPalValue, isPayPalCurrency, payPalValueToCents } from "./paypal-money.ts";

const credentials = {
  environment: "sandbox" as const,
  clientId: TEST_PAYPAL_CLIENT_ID,
  clientSecret: TEST_PAYPAL_CLIENT_SECRET,
};

/** 2 × 12.50 + 1.99 + 5.00 shipping − 1.00 discount = 30.99 */
const order: NewPayPalOrder = {
  currency: "USD",
  items: [
    { name: "The Little Book of Scrolls", quantity: 2, unitAmount: 1250, sku: "978-0000000001" },
    { name: "Bookmark", quantity: 1, unitAmount: 199 },
  ],
  shipping: 500,
  discount: 100,
  customId: "LS-1001",
  invoiceId: "LS-1001",
  returnUrl: "http://shop.test/checkout/paypal/return?order=LS-1001",
  cancelUrl: "http://shop.test/checkout/paypal/cancel?order=LS-1001",
};

describe("PayPal amounts", () => {
  it("converts cents to PayPal's value strings and back exactly", () => {
    expect(centsToPayPalValue(1250, "USD")).toBe("12.50");
    expect(centsToPayPalValue(5, "eur")).toBe("0.05");
    expect(centsToPayPalValue(0, "USD")).toBe("0.00");
    expect(centsToPayPalValue(123456789, "GBP")).toBe("1234567.89");
    // PayPal takes HUF and TWD in whole units only.
    expect(centsToPayPalValue(125000, "HUF")).toBe("1250");
    for (const [cents, currency] of [
      [125050, "HUF"],
      [100, "JPY"],
      [100, "ZAR"],
      [-1, "USD"],
      [12.5, "USD"],
    ] as const) {
      expect(() => centsToPayPalValue(cents, currency)).toThrow(RangeError);
    }
    expect(payPalValueToCents("12.50")).toBe(1250);
    expect(payPalValueToCents("12.5")).toBe(1250);
    expect(payPalValueToCents("12")).toBe(1200);
    expect(payPalValueToCents("0.07")).toBe(7);
    expect(payPalValueToCents("1234567.89")).toBe(123456789);
    for (const text of ["1.234", "-1.00", "1e3", "", "12,50"]) expect(payPalValueToCents(text)).toBeNull();
    expect([isPayPalCurrency("usd"), isPayPalCurrency("JPY"), isPayPalCurrency("ZAR")]).toEqual([true, false, false]);
  });

  it("sends to PayPal's sandbox or live API, or to PAYPAL_API_URL", () => {
    expect(payPalApiBase("sandbox", {})).toBe("https://api-m.sandbox.paypal.com");
    expect(payPalApiBase("live", {})).toBe("https://api-m.paypal.com");
    expect(payPalApiBase("live", { PAYPAL_API_URL: "http://127.0.0.1:9/" })).toBe("http://127.0.0.1:9");
    expect(payPalCheckoutOrigin("live", {})).toBe("https://www.paypal.com");
    expect(payPalCheckoutOrigin("sandbox", {})).toBe("https://www.sandbox.paypal.com");
    expect(payPalCheckoutOrigin("live", { PAYPAL_API_URL: "http://127.0.0.1:9" })).toBe("http://127.0.0.1:9");
  });
});

describe("PayPal client against the stand-in", () => {
  const { standIn, received } = useRecordedPayPalStandIn();
  let client: PayPalClient;

  beforeEach(() => {
    client = clientFor(standIn);
  });

  function clientFor(target: { url: string }, options: PayPalClientOptions = {}, secret = TEST_PAYPAL_CLIENT_SECRET) {
    return createPayPalClient(
      { ...credentials, clientSecret: secret },
      { PAYPAL_API_URL: target.url },
      { retryDelayMs: 1, ...options },
    );
  }
  const tokenRequests = () => standIn.requests().filter((r) => r.path === "/v1/oauth2/token").length;

  async function approvedOrder() {
    const created = await client.createOrder(order, { requestId: "create-LS-1001" });
    await standIn.approve(created.id);
    return created;
  }

  it("fetches one token, keeps it until shortly before it expires, and renews one PayPal no longer takes", async () => {
    let clock = Date.now();
    const timed = clientFor(standIn, { now: () => clock });
    // Five calls at once on a fresh client: one token request.
    const created = await timed.createOrder(order, { requestId: "create-1" });
    await Promise.all(Array.from({ length: 5 }, () => timed.getOrder(created.id)));
    expect(tokenRequests()).toBe(1);
    const fresh = clientFor(standIn);
    await Promise.all(Array.from({ length: 5 }, () => fresh.getOrder(created.id)));
    expect(tokenRequests()).toBe(2);

    // PayPal's tokens last nine hours; the client renews five minutes before.
    clock += 9 * 3600_000 - 6 * 60_000;
    await timed.getOrder(created.id);
    expect(tokenRequests()).toBe(2);
    clock += 2 * 60_000;
    await timed.getOrder(created.id);
    expect(tokenRequests()).toBe(3);

    standIn.revokeTokens();
    expect((await timed.getOrder(created.id)).id).toBe(created.id);
    expect(tokenRequests()).toBe(4);
    const calls = standIn.requests().map((r) => `${r.status} ${r.method} ${r.path}`);
    expect(calls.slice(-3)).toEqual([
      `401 GET /v2/checkout/orders/${created.id}`,
      "200 POST /v1/oauth2/token",
      `200 GET /v2/checkout/orders/${created.id}`,
    ]);
    expect(
      standIn
        .requests()
        .filter((r) => r.path === "/v1/oauth2/token")
        .every((r) => r.auth === "basic"),
    ).toBe(true);
  });

  it("creates an order whose breakdown adds up, once per PayPal-Request-Id, even when an answer is lost", async () => {
    const created = await client.createOrder(order, { requestId: "create-LS-1001" });
    expect(created).toMatchObject({
      status: "PAYER_ACTION_REQUIRED",
      approveUrl: `${standIn.url}/checkoutnow?token=${created.id}`,
      amount: 3099,
      currency: "USD",
      customId: "LS-1001",
      invoiceId: "LS-1001",
      captures: [],
    });
    const sent = standIn.requests().find((r) => r.path === "/v2/checkout/orders")!;
    expect(sent).toMatchObject({ requestId: "create-LS-1001", prefer: "return=representation", auth: "bearer" });
    expect(sent.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [
        {
          amount: {
            currency_code: "USD",
            value: "30.99",
            breakdown: {
              item_total: { currency_code: "USD", value: "26.99" },
              shipping: { currency_code: "USD", value: "5.00" },
              discount: { currency_code: "USD", value: "1.00" },
            },
          },
          items: [
            {
              name: "The Little Book of Scrolls",
              quantity: "2",
              unit_amount: { currency_code: "USD", value: "12.50" },
            },
            { name: "Bookmark", quantity: "1", unit_amount: { currency_code: "USD", value: "1.99" } },
          ],
        },
      ],
      payment_source: { paypal: { experience_context: { return_url: order.returnUrl, cancel_url: order.cancelUrl } } },
    });

    const again = await client.createOrder(order, { requestId: "create-LS-1001" });
    expect(again.id).toBe(created.id);
    // The order is made, its answer never arrives: the retry (same id) gets it.
    standIn.loseNextAnswers(1);
    const lost = await client.createOrder(order, { requestId: "create-LS-1001-b" });
    expect(standIn.orders.size).toBe(2);
    expect((await client.getOrder(lost.id)).amount).toBe(3099);
    await expect(client.createOrder({ ...order, items: [] }, { requestId: "x" })).rejects.toThrow(RangeError);
  });

  it("captures an approved order once per request id, and reads the capture back", async () => {
    const created = await approvedOrder();
    expect(await client.getOrder(created.id)).toMatchObject({ status: "APPROVED", payerId: expect.any(String) });
    const captured = await client.captureOrder(created.id, { requestId: "capture-LS-1001" });
    expect(captured.status).toBe("COMPLETED");
    expect(captured.captures).toEqual([
      expect.objectContaining({
        status: "COMPLETED",
        amount: 3099,
        currency: "USD",
        customId: "LS-1001",
        orderId: created.id,
      }),
    ]);
    const captureId = captured.captures[0]!.id;
    expect(standIn.requests().at(-1)).toMatchObject({ requestId: "capture-LS-1001", prefer: "return=representation" });

    const replayed = await client.captureOrder(created.id, { requestId: "capture-LS-1001" });
    expect(replayed.captures[0]!.id).toBe(captureId);
    expect(standIn.captures.size).toBe(1);
    expect(await client.getCapture(captureId)).toMatchObject({
      id: captureId,
      status: "COMPLETED",
      amount: 3099,
      orderId: created.id,
      invoiceId: "LS-1001",
    });
    await standIn.settled();
    expect(received.map((r) => r.event.event_type)).toEqual(["CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED"]);
  });

  it("reports PayPal's issue: already captured, not approved, unknown", async () => {
    const created = await approvedOrder();
    await client.captureOrder(created.id, { requestId: "capture-1" });
    const again = await client.captureOrder(created.id, { requestId: "capture-2" }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(PayPalError);
    expect(again).toMatchObject({
      kind: "api",
      status: 422,
      paypalName: "UNPROCESSABLE_ENTITY",
      issue: "ORDER_ALREADY_CAPTURED",
      operation: "capture order",
    });
    expect((again as PayPalError).message).toMatch(
      /^PayPal capture order: 422 UNPROCESSABLE_ENTITY \(ORDER_ALREADY_CAPTURED\)/,
    );
    expect((again as PayPalError).debugId).toMatch(/^[0-9a-f]+$/);

    const unapproved = await client.createOrder(order, { requestId: "create-2" });
    await expect(client.captureOrder(unapproved.id, { requestId: "capture-3" })).rejects.toMatchObject({
      status: 422,
      issue: "ORDER_NOT_APPROVED",
    });
    await expect(client.getOrder("NOSUCHORDER0000")).rejects.toMatchObject({
      status: 404,
      paypalName: "RESOURCE_NOT_FOUND",
      issue: "INVALID_RESOURCE_ID",
    });
  });

  it("reports a declined instrument, and captures when asked again once the buyer has fixed it", async () => {
    const created = await approvedOrder();
    standIn.setNextCapture("declined");
    await expect(client.captureOrder(created.id, { requestId: "capture-LS-1001" })).rejects.toMatchObject({
      status: 422,
      issue: "INSTRUMENT_DECLINED",
    });
    expect(standIn.captures.size).toBe(0);
    // A failure is not kept against the request id.
    const captured = await client.captureOrder(created.id, { requestId: "capture-LS-1001" });
    expect(captured.captures[0]!.status).toBe("COMPLETED");
  });

  it("leaves a capture pending until PayPal clears it, and refunds it only then", async () => {
    const created = await approvedOrder();
    standIn.setNextCapture("pending");
    const captured = await client.captureOrder(created.id, { requestId: "capture-LS-1001" });
    expect(captured.status).toBe("COMPLETED");
    const capture = captured.captures[0]!;
    expect(capture).toMatchObject({ status: "PENDING", statusReason: "PENDING_REVIEW", amount: 3099 });
    await expect(client.refundCapture(capture.id, { requestId: "refund-1" })).rejects.toMatchObject({
      issue: "PENDING_CAPTURE",
    });
    await standIn.completePendingCapture(capture.id);
    expect(await client.getCapture(capture.id)).toMatchObject({ status: "COMPLETED", statusReason: null });
    await standIn.settled();
    expect(received.map((r) => r.event.event_type)).toEqual([
      "CHECKOUT.ORDER.APPROVED",
      "PAYMENT.CAPTURE.PENDING",
      "PAYMENT.CAPTURE.COMPLETED",
    ]);
  });

  it("refunds part, refuses more than is left, replays a request id, then refunds the rest", async () => {
    const created = await approvedOrder();
    const captureId = (await client.captureOrder(created.id, { requestId: "capture-1" })).captures[0]!.id;
    const part = await client.refundCapture(captureId, {
      requestId: "refund-LS-1001-1",
      amount: 1000,
      currency: "USD",
      customId: "attempt-1",
    });
    expect(part).toMatchObject({
      status: "COMPLETED",
      amount: 1000,
      currency: "USD",
      captureId,
      customId: "attempt-1",
    });
    expect(standIn.requests().at(-1)).toMatchObject({ body: { amount: { currency_code: "USD", value: "10.00" } } });
    await expect(
      client.refundCapture(captureId, { requestId: "refund-LS-1001-2", amount: 2100, currency: "USD" }),
    ).rejects.toMatchObject({ status: 422, issue: "REFUND_AMOUNT_EXCEEDED" });
    const replayed = await client.refundCapture(captureId, {
      requestId: "refund-LS-1001-1",
      amount: 1000,
      currency: "USD",
    });
    expect(replayed.id).toBe(part.id);

    const rest = await client.refundCapture(captureId, { requestId: "refund-LS-1001-3" });
    expect(rest).toMatchObject({ amount: 2099, captureId });
    await expect(client.refundCapture(captureId, { requestId: "refund-LS-1001-4" })).rejects.toMatchObject({
      issue: "CAPTURE_FULLY_REFUNDED",
    });
    expect(standIn.refunds.size).toBe(2);
    expect((await client.getCapture(captureId)).status).toBe("REFUNDED");
    const listed = await client.getOrder(created.id);
    expect(listed.refunds.map((refund) => [refund.id, refund.amount])).toEqual([
      [part.id, 1000],
      [rest.id, 2099],
    ]);
  });

  it("verifies only deliveries PayPal sent, unchanged, to the shop's webhook", async () => {
    await approvedOrder();
    const [delivery] = received;
    const verify = (headers: Headers, event: unknown, webhookId = TEST_PAYPAL_WEBHOOK_ID) =>
      client.verifyWebhookSignature({ headers, webhookId, event });
    expect(await verify(delivery!.headers, delivery!.event)).toBe(true);
    const plainHeaders = Object.fromEntries(delivery!.headers);
    expect(
      await client.verifyWebhookSignature({
        headers: plainHeaders,
        webhookId: TEST_PAYPAL_WEBHOOK_ID,
        event: delivery!.event,
      }),
    ).toBe(true);

    const tampered = structuredClone(delivery!.event);
    (tampered.resource as { status: string }).status = "COMPLETED";
    expect(await verify(delivery!.headers, tampered)).toBe(false);
    expect(await verify(delivery!.headers, delivery!.event, "OTHERWEBHOOK0000")).toBe(false);
    const forged = new Headers(delivery!.headers);
    forged.set("paypal-transmission-sig", Buffer.from("forged").toString("base64"));
    expect(await verify(forged, delivery!.event)).toBe(false);

    const asked = standIn.requests().length;
    const unsigned = new Headers(delivery!.headers);
    unsigned.delete("paypal-transmission-sig");
    expect(await verify(unsigned, delivery!.event)).toBe(false);
    // Another signature algorithm, or a certificate that is not PayPal's: refused without asking PayPal.
    const otherAlgo = new Headers(delivery!.headers);
    otherAlgo.set("paypal-auth-algo", "SHA1withRSA");
    expect(await verify(otherAlgo, delivery!.event)).toBe(false);
    for (const certUrl of ["https://attacker.example/cert.pem", "http://api.paypal.com/v1/notifications/certs/X"]) {
      const otherCert = new Headers(delivery!.headers);
      otherCert.set("paypal-cert-url", certUrl);
      expect(await verify(otherCert, delivery!.event), certUrl).toBe(false);
    }
    expect(standIn.requests()).toHaveLength(asked);

    // PayPal's retry: the same event in a new transmission.
    await standIn.replayEvent(delivery!.event.id as string);
    expect(received[1]!.event).toEqual(delivery!.event);
    expect(await verify(received[1]!.headers, received[1]!.event)).toBe(true);
    expect(standIn.requests().at(-1)).toMatchObject({
      path: "/v1/notifications/verify-webhook-signature",
      body: { webhook_id: TEST_PAYPAL_WEBHOOK_ID, auth_algo: "SHA256withRSA", webhook_event: delivery!.event },
    });
  });

  it("tries again after 503s, within its bounds", async () => {
    const created = await client.createOrder(order, { requestId: "create-1" });
    standIn.failNextRequests(2);
    expect((await client.getOrder(created.id)).id).toBe(created.id);
    standIn.failNextRequests(3);
    await expect(client.getOrder(created.id)).rejects.toMatchObject({ kind: "api", status: 503 });
  });
});

describe("PayPal client errors", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /**
   * A PayPal gone wrong: it hands out a token, then echoes it and the secret in errors, or never
   * answers (the order SLOW: `slowAsks` counts the requests for it).
   */
  async function rudePayPal(token: string): Promise<{ url: string; slowAsks: () => number }> {
    let slowAsks = 0;
    const server = createServer((req, res) => {
      if (req.url?.startsWith("/v2/checkout/orders/SLOW")) slowAsks += 1;
      if (req.url === "/v1/oauth2/token") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ access_token: token, token_type: "Bearer", expires_in: 32400 }));
      } else if (req.url?.startsWith("/v2/checkout/orders/SLOW")) {
        // Never answers.
      } else {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            name: "INVALID_REQUEST",
            details: [
              {
                issue: "INVALID_PARAMETER_VALUE",
                description: `Bad ${req.headers.authorization} ${TEST_PAYPAL_CLIENT_SECRET}`,
              },
            ],
          }),
        );
      }
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, slowAsks: () => slowAsks };
  }

  const shown = (error: unknown) =>
    [String(error), (error as Error).stack ?? "", JSON.stringify(error), JSON.stringify({ ...(error as object) })].join(
      "\n",
    );

  it("never shows the client secret or a token, whatever PayPal answers", async () => {
    const token = "A21AAsecret-token-that-must-not-leak";
    const target = await rudePayPal(token);
    const client = createPayPalClient(credentials, { PAYPAL_API_URL: target.url }, { retries: 0 });
    const error = await client.getOrder("ANY").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "api", status: 400, issue: "INVALID_PARAMETER_VALUE" });
    expect((error as Error).message).toContain("<hidden>");
    const basic = Buffer.from(`${TEST_PAYPAL_CLIENT_ID}:${TEST_PAYPAL_CLIENT_SECRET}`).toString("base64");
    for (const secret of [TEST_PAYPAL_CLIENT_SECRET, token, basic]) expect(shown(error)).not.toContain(secret);
  });

  it("refuses credentials PayPal does not know, without asking twice", async () => {
    const standIn = await startPayPalStandIn();
    try {
      const wrongSecret = "EBwrong-secret-that-must-not-leak";
      const client = createPayPalClient(
        { ...credentials, clientSecret: wrongSecret },
        { PAYPAL_API_URL: standIn.url },
        { retryDelayMs: 1 },
      );
      const error = await client.getOrder("ANY").catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        kind: "api",
        status: 401,
        paypalName: "invalid_client",
        operation: "get an access token",
      });
      expect(shown(error)).not.toContain(wrongSecret);
      expect(standIn.requests().map((r) => r.path)).toEqual(["/v1/oauth2/token"]);
    } finally {
      await standIn.close();
    }
  });

  it("gives up on a silent PayPal after its timeout, and on an unreachable one", async () => {
    const target = await rudePayPal("A21AAtoken");
    const slow = createPayPalClient(
      credentials,
      { PAYPAL_API_URL: target.url },
      { timeoutMs: 150, retries: 1, retryDelayMs: 1 },
    );
    await expect(slow.getOrder("SLOW")).rejects.toMatchObject({ kind: "timeout", status: 0 });
    // Each try ends at its timeout, then the one retry it may make, and no more (counted where
    // they arrive: a try aborted before it was sent counts as none, hence "at most").
    expect(target.slowAsks()).toBeLessThanOrEqual(2);
    const bounded = createPayPalClient(
      credentials,
      { PAYPAL_API_URL: target.url },
      { timeoutMs: 150, retries: 10, retryDelayMs: 1, deadlineMs: 400 },
    );
    const before = target.slowAsks();
    await expect(bounded.getOrder("SLOW")).rejects.toMatchObject({ kind: "timeout" });
    // The 400 ms deadline ends the call after at most three tries of 150 ms, not the eleven its retries allow.
    expect(target.slowAsks() - before).toBeLessThanOrEqual(3);

    const closed = createPayPalClient(credentials, { PAYPAL_API_URL: "http://127.0.0.1:9" }, { retries: 0 });
    const error = await closed.getOrder("ANY").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "network", status: 0, operation: "get an access token" });
    expect(shown(error)).not.toContain(TEST_PAYPAL_CLIENT_SECRET);
  });
});
