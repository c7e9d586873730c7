import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { isDeepStrictEqual } from "node:util";
import {
  closeServer,
  escapeHtml,
  headerValue,
  heldWebhooks,
  listenOnLoopback,
  postWebhook,
  readRequest,
  type StandIn,
  type WebhookTarget,
} from "./stand-in-server.ts";

/**
 * A PayPal stand-in for tests: an HTTP server on 127.0.0.1 (random port) that keeps its state in
 * memory and answers the part of PayPal's REST API the shop calls, with JSON shaped like PayPal's
 * objects and errors (`name`, `details[].issue`). Point the app at it with
 * `PAYPAL_API_URL=standIn.url`.
 *
 * Implemented: POST /v1/oauth2/token (client credentials, checked against the configured id and
 * secret), POST /v2/checkout/orders, GET /v2/checkout/orders/:id, POST …/:id/capture,
 * GET /v2/payments/captures/:id, POST /v2/payments/captures/:id/refund, GET /v2/payments/refunds/:id,
 * POST /v1/notifications/verify-webhook-signature. Every other call needs a token it issued.
 * A POST with a PayPal-Request-Id it already answered with success gets that answer again
 * (a snapshot), and nothing is made twice; a failed one may be tried again.
 *
 * Orders: CREATED (or PAYER_ACTION_REQUIRED when created with `payment_source.paypal`, as PayPal
 * does, whose link is then `payer-action` instead of `approve`) → APPROVED (the buyer, on
 * `/checkoutnow?token=<id>` or through `approve`) → COMPLETED (captured). Amounts are checked as
 * PayPal checks them: items against `item_total`, the breakdown against the amount.
 *
 * Its page `/checkoutnow?token=<orderId>` plays the buyer on PayPal: Pay approves the order and
 * returns to `return_url` with `token` and `PayerID`, Cancel returns to `cancel_url` with `token`.
 * Webhooks are sent with PayPal's event shape and headers; the verification endpoint answers
 * SUCCESS only for a delivery it sent itself, unchanged, to the configured webhook id.
 */

/** The credentials and ids tests give the shop; the stand-in accepts only these unless told otherwise. */
export const TEST_PAYPAL_CLIENT_ID = "AZtest-little-scrolls-paypal-client-0000";
export const TEST_PAYPAL_CLIENT_SECRET = "EBtest-little-scrolls-paypal-secret-0000";
export const TEST_PAYPAL_WEBHOOK_ID = "4JH86294D6297924G";
export const TEST_PAYPAL_MERCHANT_ID = "LSTESTMERCH01";

export type StandInOrderStatus = "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
export type StandInCaptureStatus = "COMPLETED" | "PENDING" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";

interface Money {
  currency_code: string;
  value: string;
}

export interface StandInItem {
  name: string;
  quantity: string;
  unit_amount: Money;
  sku?: string;
  category?: string;
}

/** A purchase unit as received (the field names are PayPal's), with the payee PayPal fills in. */
export interface StandInPurchaseUnit {
  reference_id: string;
  amount: Money & { breakdown?: Record<string, Money> };
  payee: { merchant_id: string; email_address: string };
  items?: StandInItem[];
  custom_id?: string;
  invoice_id?: string;
  description?: string;
}

export interface StandInOrder {
  id: string;
  status: StandInOrderStatus;
  purchase_units: StandInPurchaseUnit[];
  return_url: string | null;
  cancel_url: string | null;
  /** Created with `payment_source.paypal` (experience_context) rather than `application_context`. */
  with_payment_source: boolean;
  payer_id: string | null;
  create_time: string;
  update_time: string;
  /** Capture ids, one per purchase unit once captured. */
  capture_ids: string[];
}

export interface StandInCapture {
  id: string;
  order_id: string;
  /** Index of its purchase unit in the order. */
  unit: number;
  status: StandInCaptureStatus;
  /** Why it is PENDING (PENDING_REVIEW) or DECLINED, else null. */
  reason: string | null;
  /** Minor units (cents) captured, and refunded so far. */
  amount: number;
  refunded: number;
  currency: string;
  custom_id: string | null;
  invoice_id: string | null;
  create_time: string;
  update_time: string;
}

export interface StandInRefund {
  id: string;
  capture_id: string;
  status: "COMPLETED";
  amount: number;
  currency: string;
  custom_id: string | null;
  invoice_id: string | null;
  note_to_payer: string | null;
  /** A chargeback (PAYMENT.CAPTURE.REVERSED), not a refund anyone asked for. */
  reversal: boolean;
  create_time: string;
}

/** A webhook event, PayPal's shape. */
export interface StandInEvent {
  id: string;
  event_version: "1.0";
  create_time: string;
  resource_type: string;
  resource_version: "2.0";
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v2/checkout/orders`. */
  path: string;
  /** The JSON body (or, for the token, the form's fields); null without one. */
  body: unknown;
  requestId: string | null;
  prefer: string | null;
  /** How it authenticated (never the credentials themselves). */
  auth: "basic" | "bearer" | null;
  status: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  transmissionId: string;
  /** The shop's answer, or 0 when it could not be reached. */
  status: number;
}

export type { WebhookTarget } from "./stand-in-server.ts";

/** What the next capture does instead of completing. */
export type CaptureOutcome = "declined" | "pending";

export interface PayPalStandInOptions {
  clientId?: string;
  clientSecret?: string;
  webhookUrl?: WebhookTarget;
  /** The id PayPal gave the shop's webhook: verification succeeds only with it. */
  webhookId?: string;
  /** The payee of purchase units that name none. */
  merchantId?: string;
  /** `expires_in` of the tokens it issues (default 32400, PayPal's nine hours). */
  tokenLifetimeSeconds?: number;
}

export interface PayPalStandIn extends StandIn<StandInEvent, RecordedRequest, WebhookDelivery> {
  /** Live objects: a test may change them to play PayPal's side. */
  orders: Map<string, StandInOrder>;
  captures: Map<string, StandInCapture>;
  refunds: Map<string, StandInRefund>;
  /**
   * Waits until every webhook under way has its answer. Events caused by an API call go out after
   * its answer, as PayPal's do, so a test awaits this before looking at what the shop received.
   */
  settled(): Promise<void>;
  /** Sets where webhooks go and the webhook id they are verified against (the app may start after the stand-in). */
  setWebhook(target: WebhookTarget, webhookId?: string): void;
  /** Sends an event again (same id and body, a new transmission, newly signed): what a PayPal retry looks like. */
  replayEvent(eventId: string): Promise<WebhookDelivery>;
  /** The buyer approves the order, as Pay on the approval page does (CHECKOUT.ORDER.APPROVED is sent). Returns the order as the API shows it. */
  approve(orderId: string, options?: { payerId?: string }): Promise<Record<string, unknown>>;
  /** The next capture (not a replay) fails with INSTRUMENT_DECLINED, or leaves its capture PENDING. Queued, one per call. */
  setNextCapture(outcome: CaptureOutcome): void;
  /** A PENDING capture clears (PAYMENT.CAPTURE.COMPLETED is sent). */
  completePendingCapture(captureId: string): Promise<StandInCapture>;
  /** A PENDING capture is refused (DECLINED; PAYMENT.CAPTURE.DENIED is sent). */
  denyPendingCapture(captureId: string): Promise<StandInCapture>;
  /** A refund made in PayPal's dashboard (no custom_id): all that is left, or `amount` cents (PAYMENT.CAPTURE.REFUNDED). */
  refundInDashboard(captureId: string, amount?: number): Promise<StandInRefund>;
  /** A chargeback takes back what is left of the capture (PAYMENT.CAPTURE.REVERSED, whose resource is a refund). */
  reverseCapture(captureId: string): Promise<StandInRefund>;
  /** PayPal voids an approved order nobody captured (CHECKOUT.PAYMENT-APPROVAL.REVERSED). */
  reverseApproval(orderId: string): Promise<StandInEvent>;
  /** Forgets every token it issued: the next call with one gets 401 invalid_token. */
  revokeTokens(): void;
  /** The next `count` API requests get `status` (503 by default) without being read. */
  failNextRequests(count?: number, status?: number): void;
  /** The next `count` API requests are carried out, but their answer is lost (the connection is cut). */
  loseNextAnswers(count?: number): void;
  /** Keeps order creations waiting (recorded, unanswered) until the returned function is called. */
  holdOrderCreation(): () => void;
  /** The latest order whose purchase unit has this custom_id (the shop's order id). */
  orderForCustomId(customId: string): StandInOrder | undefined;
  /** The order as GET /v2/checkout/orders/:id shows it. */
  orderJson(orderId: string): Record<string, unknown>;
}

const AUTH_ALGO = "SHA256withRSA";
// prettier-ignore
const CURRENCIES = new Set([
  "AUD", "BRL", "CAD", "CNY", "CZK", "DKK", "EUR", "HKD", "HUF", "ILS", "JPY", "MYR", "MXN", "TWD", "NZD", "NOK",
  "PHP", "PLN", "GBP", "SGD", "SEK", "CHF", "THB", "USD",
]);
/** Currencies PayPal takes without decimals. */
const WHOLE_UNITS = new Set(["HUF", "JPY", "TWD"]);
/** The breakdown's parts, with the sign they add to the amount. */
const BREAKDOWN_SIGNS: Record<string, 1 | -1> = {
  item_total: 1,
  shipping: 1,
  handling: 1,
  tax_total: 1,
  insurance: 1,
  shipping_discount: -1,
  discount: -1,
};
const UNPROCESSABLE_MESSAGE =
  "The requested action could not be performed, semantically incorrect, or failed business validation.";

type Answer = [status: number, body: unknown];

/** What one API request may leave to do once answered (events go out after the answer, as PayPal's do). */
interface RequestContext {
  after: (() => Promise<unknown>)[];
  prefer: string | null;
}

export async function startPayPalStandIn(options: PayPalStandInOptions = {}): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? TEST_PAYPAL_CLIENT_ID;
  const clientSecret = options.clientSecret ?? TEST_PAYPAL_CLIENT_SECRET;
  const merchantId = options.merchantId ?? TEST_PAYPAL_MERCHANT_ID;
  const tokenLifetime = options.tokenLifetimeSeconds ?? 32_400;
  let webhookTarget: WebhookTarget | undefined = options.webhookUrl;
  let webhookId = options.webhookId ?? TEST_PAYPAL_WEBHOOK_ID;
  const signingKey = randomBytes(32);

  const orders = new Map<string, StandInOrder>();
  const captures = new Map<string, StandInCapture>();
  const refunds = new Map<string, StandInRefund>();
  const events = new Map<string, StandInEvent>();
  const tokens = new Map<string, number>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const transmissions = new Map<
    string,
    { signature: string; time: string; webhookId: string; certUrl: string; event: unknown }
  >();
  const requests: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const captureOutcomes: CaptureOutcome[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let answersToLose = 0;
  let orderCreationGate: Promise<void> | null = null;
  let baseUrl = "";

  const now = () => new Date().toISOString();
  const certUrl = () => `${baseUrl}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`;
  const approveUrl = (orderId: string) => `${baseUrl}/checkoutnow?token=${orderId}`;

  // ---- Webhooks ----------------------------------------------------------------------------

  async function deliver(event: StandInEvent): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = now();
    const signature = createHmac("sha256", signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${payload}`)
      .digest("base64");
    transmissions.set(transmissionId, {
      signature,
      time,
      webhookId,
      certUrl: certUrl(),
      event: JSON.parse(payload) as unknown,
    });
    const delivery: WebhookDelivery = { eventId: event.id, type: event.event_type, transmissionId, status: 0 };
    deliveries.push(delivery);
    if (!webhookTarget) return delivery;
    delivery.status = await postWebhook(webhookTarget, "http://shop.test/webhooks/paypal", {
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": signature,
        "paypal-cert-url": certUrl(),
        "paypal-auth-algo": AUTH_ALGO,
        "paypal-auth-version": "v2",
        "correlation-id": randomBytes(7).toString("hex"),
        "user-agent": "PayPal/AUHD-214.0-58853402",
      },
      body: payload,
    });
    return delivery;
  }

  /**
   * Deliveries go out one at a time, in the order their events were made: tests read what the shop
   * received in a known order (PayPal promises no order: `holdWebhooks` and `sendHeld` play that).
   */
  let queue: Promise<unknown> = Promise.resolve();
  function send(event: StandInEvent): Promise<WebhookDelivery> {
    const delivery = queue.then(() => deliver(event));
    queue = delivery.catch(() => undefined);
    return delivery;
  }
  const held = heldWebhooks({ provider: "PayPal", events, send });

  async function emit(
    eventType: string,
    resourceType: string,
    resource: Record<string, unknown>,
    summary: string,
  ): Promise<StandInEvent> {
    const id = `WH-${paypalId(17)}-${paypalId(17)}`;
    const event: StandInEvent = {
      id,
      event_version: "1.0",
      create_time: now(),
      resource_type: resourceType,
      resource_version: "2.0",
      event_type: eventType,
      summary,
      resource: structuredClone(resource),
      links: [
        { href: `${baseUrl}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: "resend", method: "POST" },
      ],
    };
    events.set(id, event);
    await held.dispatch(event);
    return event;
  }

  function verify(body: Record<string, unknown>): Answer {
    const fields = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"];
    for (const field of fields) {
      if (typeof body[field] !== "string" || body[field] === "") {
        return invalidRequest("MISSING_REQUIRED_PARAMETER", field, "A required field is missing.", "VALIDATION_ERROR");
      }
    }
    if (!body.webhook_event || typeof body.webhook_event !== "object") {
      return invalidRequest(
        "MISSING_REQUIRED_PARAMETER",
        "webhook_event",
        "A required field is missing.",
        "VALIDATION_ERROR",
      );
    }
    const sent = transmissions.get(body.transmission_id as string);
    const genuine =
      sent !== undefined &&
      sent.signature === body.transmission_sig &&
      sent.time === body.transmission_time &&
      sent.webhookId === body.webhook_id &&
      sent.certUrl === body.cert_url &&
      body.auth_algo === AUTH_ALGO &&
      isDeepStrictEqual(sent.event, body.webhook_event);
    return [200, { verification_status: genuine ? "SUCCESS" : "FAILURE" }];
  }

  // ---- JSON as the API shows it --------------------------------------------------------------

  function orderLinks(order: StandInOrder) {
    const self = `${baseUrl}/v2/checkout/orders/${order.id}`;
    const links = [{ href: self, rel: "self", method: "GET" }];
    if (order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED") {
      links.push({
        href: approveUrl(order.id),
        rel: order.with_payment_source ? "payer-action" : "approve",
        method: "GET",
      });
    }
    if (order.status === "CREATED" || order.status === "APPROVED") {
      links.push({ href: self, rel: "update", method: "PATCH" });
      links.push({ href: `${self}/capture`, rel: "capture", method: "POST" });
    }
    return links;
  }

  function payerOf(order: StandInOrder) {
    return {
      name: { given_name: "Test", surname: "Buyer" },
      email_address: "buyer@example.com",
      payer_id: order.payer_id,
      address: { country_code: "US" },
    };
  }

  function orderJson(order: StandInOrder, minimal = false): Record<string, unknown> {
    const approved = order.payer_id !== null;
    const paymentSource =
      approved || order.with_payment_source
        ? {
            payment_source: {
              paypal: approved
                ? {
                    email_address: "buyer@example.com",
                    account_id: order.payer_id,
                    account_status: "VERIFIED",
                    name: { given_name: "Test", surname: "Buyer" },
                    address: { country_code: "US" },
                  }
                : {},
            },
          }
        : {};
    if (minimal) return { id: order.id, status: order.status, ...paymentSource, links: orderLinks(order) };
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      ...paymentSource,
      purchase_units: order.purchase_units.map((unit, index) => {
        const captureId = order.capture_ids[index];
        const capture = captureId ? captures.get(captureId) : undefined;
        const unitRefunds = capture ? [...refunds.values()].filter((r) => r.capture_id === capture.id) : [];
        return {
          ...structuredClone(unit),
          ...(capture
            ? {
                payments: {
                  captures: [captureJson(capture, false)],
                  ...(unitRefunds.length ? { refunds: unitRefunds.map(refundJson) } : {}),
                },
              }
            : {}),
        };
      }),
      ...(approved ? { payer: payerOf(order) } : {}),
      create_time: order.create_time,
      update_time: order.update_time,
      links: orderLinks(order),
    };
  }

  function money(minor: number, currency: string): Money {
    return { currency_code: currency, value: formatValue(minor, currency) };
  }

  function captureJson(capture: StandInCapture, standalone = true): Record<string, unknown> {
    const fee = Math.min(capture.amount, Math.round((capture.amount * 349) / 10_000) + 49);
    const self = `${baseUrl}/v2/payments/captures/${capture.id}`;
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
      amount: money(capture.amount, capture.currency),
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      ...(capture.status === "PENDING" || capture.status === "DECLINED"
        ? {}
        : {
            seller_receivable_breakdown: {
              gross_amount: money(capture.amount, capture.currency),
              paypal_fee: money(fee, capture.currency),
              net_amount: money(capture.amount - fee, capture.currency),
            },
          }),
      ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
      ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
      ...(standalone ? { supplementary_data: { related_ids: { order_id: capture.order_id } } } : {}),
      links: [
        { href: self, rel: "self", method: "GET" },
        { href: `${self}/refund`, rel: "refund", method: "POST" },
        { href: `${baseUrl}/v2/checkout/orders/${capture.order_id}`, rel: "up", method: "GET" },
      ],
      create_time: capture.create_time,
      update_time: capture.update_time,
    };
  }

  function refundJson(refund: StandInRefund): Record<string, unknown> {
    const capture = captures.get(refund.capture_id)!;
    return {
      id: refund.id,
      status: refund.status,
      amount: money(refund.amount, refund.currency),
      ...(refund.note_to_payer ? { note_to_payer: refund.note_to_payer } : {}),
      ...(refund.custom_id ? { custom_id: refund.custom_id } : {}),
      ...(refund.invoice_id ? { invoice_id: refund.invoice_id } : {}),
      seller_payable_breakdown: {
        gross_amount: money(refund.amount, refund.currency),
        net_amount: money(refund.amount, refund.currency),
        total_refunded_amount: money(capture.refunded, refund.currency),
      },
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${refund.capture_id}`, rel: "up", method: "GET" },
      ],
      create_time: refund.create_time,
      update_time: refund.create_time,
    };
  }

  // ---- The API ---------------------------------------------------------------------------------

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { name: "INTERNAL_SERVER_ERROR", message: String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { raw, url, method } = await readRequest(req);
    if (url.pathname === "/checkoutnow") return approvalPage(method, url, raw, res);

    const authorization = headerValue(req, "authorization") ?? "";
    const isToken = url.pathname === "/v1/oauth2/token";
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      body: isToken ? Object.fromEntries(new URLSearchParams(raw)) : parseJson(raw),
      requestId: headerValue(req, "paypal-request-id"),
      prefer: headerValue(req, "prefer"),
      auth: authorization.startsWith("Basic ") ? "basic" : authorization.startsWith("Bearer ") ? "bearer" : null,
      status: 0,
    };
    requests.push(record);
    if (orderCreationGate && method === "POST" && url.pathname === "/v2/checkout/orders") await orderCreationGate;
    const answer = ([status, body]: Answer) => {
      record.status = status;
      if (answersToLose > 0) {
        answersToLose--;
        res.destroy();
        return;
      }
      sendJson(res, status, body);
    };
    if (failures.count > 0) {
      failures.count--;
      return answer([failures.status, { name: "SERVICE_UNAVAILABLE", message: "Service Unavailable." }]);
    }
    if (isToken) return answer(issueToken(method, authorization, raw));

    const bearer = authorization.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : "";
    if (!bearer) {
      return answer([
        401,
        {
          name: "AUTHENTICATION_FAILURE",
          message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
          links: [{ href: "https://developer.paypal.com/api/rest/authentication/", rel: "information_link" }],
        },
      ]);
    }
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      return answer([401, { error: "invalid_token", error_description: "Access Token not found in cache" }]);
    }

    const context: RequestContext = { after: [], prefer: record.prefer };
    const body = record.body && typeof record.body === "object" ? (record.body as Record<string, unknown>) : {};
    if (method === "POST" && record.requestId) {
      const key = `${url.pathname} ${record.requestId}`;
      const earlier = replies.get(key);
      if (earlier) return answer([earlier.status, structuredClone(earlier.body)]);
      const [status, reply] = route(method, url.pathname, body, context);
      // A snapshot: PayPal answers a replay as it answered first (a capture PENDING then is
      // replayed PENDING). Failures are not kept: the same id may be tried again.
      if (status >= 200 && status < 300) replies.set(key, { status, body: structuredClone(reply) });
      answer([status, reply]);
    } else {
      answer(route(method, url.pathname, body, context));
    }
    for (const task of context.after) await task();
  }

  function issueToken(method: string, authorization: string, raw: string): Answer {
    if (method !== "POST") return notFound();
    const pair = Buffer.from(authorization.replace(/^Basic /, ""), "base64").toString("utf8");
    if (!authorization.startsWith("Basic ") || pair !== `${clientId}:${clientSecret}`) {
      return [401, { error: "invalid_client", error_description: "Client Authentication failed" }];
    }
    if (new URLSearchParams(raw).get("grant_type") !== "client_credentials") {
      return [400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" }];
    }
    const accessToken = `A21AA${randomBytes(24).toString("base64url")}`;
    tokens.set(accessToken, Date.now() + tokenLifetime * 1000);
    return [
      200,
      {
        scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
        access_token: accessToken,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: tokenLifetime,
        nonce: `${now()}${randomBytes(8).toString("hex")}`,
      },
    ];
  }

  function route(method: string, path: string, body: Record<string, unknown>, context: RequestContext): Answer {
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v2/checkout/orders") return createOrder(body, context);
    if (method === "GET" && (match = path.match(/^\/v2\/checkout\/orders\/([^/]+)$/))) {
      const order = orders.get(decodeURIComponent(match[1]!));
      return order ? [200, orderJson(order)] : notFound();
    }
    if (method === "POST" && (match = path.match(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/))) {
      return captureOrder(decodeURIComponent(match[1]!), context);
    }
    if (method === "GET" && (match = path.match(/^\/v2\/payments\/captures\/([^/]+)$/))) {
      const capture = captures.get(decodeURIComponent(match[1]!));
      return capture ? [200, captureJson(capture)] : notFound();
    }
    if (method === "POST" && (match = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/))) {
      const [status, refund] = refundCapture(decodeURIComponent(match[1]!), body, context);
      if (status !== 201) return [status, refund];
      const full = refundJson(refund as StandInRefund);
      const minimal = context.prefer !== "return=representation";
      return [201, minimal ? { id: full.id, status: full.status, links: full.links } : full];
    }
    if (method === "GET" && (match = path.match(/^\/v2\/payments\/refunds\/([^/]+)$/))) {
      const refund = refunds.get(decodeURIComponent(match[1]!));
      return refund ? [200, refundJson(refund)] : notFound();
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") return verify(body);
    return notFound();
  }

  function createOrder(body: Record<string, unknown>, context: RequestContext): Answer {
    if (body.intent !== "CAPTURE") {
      return body.intent === undefined
        ? invalidRequest("MISSING_REQUIRED_PARAMETER", "/intent", "A required field / parameter is missing.")
        : unprocessable("UNSUPPORTED_INTENT", "The stand-in takes intent CAPTURE only.");
    }
    const rawUnits = body.purchase_units;
    if (!Array.isArray(rawUnits) || rawUnits.length === 0 || rawUnits.length > 10) {
      return invalidRequest(
        "MISSING_REQUIRED_PARAMETER",
        "/purchase_units",
        "A required field / parameter is missing.",
      );
    }
    const units: StandInPurchaseUnit[] = [];
    for (const [index, rawUnit] of rawUnits.entries()) {
      const unit = readPurchaseUnit(rawUnit, index, rawUnits.length);
      if (!("reference_id" in unit)) return unit.error;
      units.push(unit);
    }
    const references = new Set(units.map((unit) => unit.reference_id));
    if (references.size !== units.length) {
      return unprocessable(
        "DUPLICATE_REFERENCE_ID",
        "reference_id must be unique if multiple purchase_unit are provided.",
      );
    }
    const source = body.payment_source as { paypal?: { experience_context?: Record<string, unknown> } } | undefined;
    const experience =
      source?.paypal?.experience_context ?? (body.application_context as Record<string, unknown> | undefined) ?? {};
    const time = now();
    const order: StandInOrder = {
      id: paypalId(17),
      status: source?.paypal ? "PAYER_ACTION_REQUIRED" : "CREATED",
      purchase_units: units,
      return_url: typeof experience.return_url === "string" ? experience.return_url : null,
      cancel_url: typeof experience.cancel_url === "string" ? experience.cancel_url : null,
      with_payment_source: Boolean(source?.paypal),
      payer_id: null,
      create_time: time,
      update_time: time,
      capture_ids: [],
    };
    orders.set(order.id, order);
    return [201, orderJson(order, context.prefer !== "return=representation")];
  }

  /** A purchase unit checked as PayPal checks it, or the error PayPal answers. */
  function readPurchaseUnit(raw: unknown, index: number, count: number): StandInPurchaseUnit | { error: Answer } {
    const fail = (answer: Answer) => ({ error: answer });
    const at = `/purchase_units/@reference_id=='${index}'`;
    if (!raw || typeof raw !== "object") return fail(invalidRequest("INVALID_PARAMETER_SYNTAX", at, "Not an object."));
    const unit = raw as Record<string, unknown>;
    if (count > 1 && typeof unit.reference_id !== "string") {
      return fail(
        unprocessable("REFERENCE_ID_REQUIRED", "reference_id is required if multiple purchase_units are provided."),
      );
    }
    const amount = unit.amount as (Money & { breakdown?: Record<string, Money> }) | undefined;
    if (!amount || typeof amount !== "object") {
      return fail(
        invalidRequest("MISSING_REQUIRED_PARAMETER", `${at}/amount`, "A required field / parameter is missing."),
      );
    }
    const currency = amount.currency_code;
    const total = readMoney(amount, `${at}/amount`);
    if ("error" in total) return fail(total.error);
    if (total.minor <= 0) return fail(unprocessable("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero."));
    const breakdown = amount.breakdown;
    const items = unit.items;
    if (items !== undefined) {
      if (!Array.isArray(items))
        return fail(invalidRequest("INVALID_PARAMETER_SYNTAX", `${at}/items`, "Not an array."));
      if (!breakdown?.item_total) {
        return fail(
          unprocessable(
            "ITEM_TOTAL_REQUIRED",
            "If item details are specified, amount.breakdown.item_total is required.",
          ),
        );
      }
      let sum = 0;
      for (const [itemIndex, item] of (items as StandInItem[]).entries()) {
        const quantity = Number(item?.quantity);
        if (typeof item?.name !== "string" || item.name === "") {
          return fail(
            invalidRequest(
              "MISSING_REQUIRED_PARAMETER",
              `${at}/items/${itemIndex}/name`,
              "A required field is missing.",
            ),
          );
        }
        if (typeof item.quantity !== "string" || !/^\d{1,10}$/.test(item.quantity) || quantity < 1) {
          return fail(
            invalidRequest("INVALID_PARAMETER_VALUE", `${at}/items/${itemIndex}/quantity`, "Not a quantity."),
          );
        }
        const unitAmount = readMoney(item.unit_amount, `${at}/items/${itemIndex}/unit_amount`);
        if ("error" in unitAmount) return fail(unitAmount.error);
        if (item.unit_amount.currency_code !== currency) {
          return fail(
            unprocessable("CURRENCY_MISMATCH", "Currency code should be the same for all amounts in a purchase unit."),
          );
        }
        sum += unitAmount.minor * quantity;
      }
      const itemTotal = readMoney(breakdown.item_total, `${at}/amount/breakdown/item_total`);
      if ("error" in itemTotal) return fail(itemTotal.error);
      if (itemTotal.minor !== sum) {
        return fail(
          unprocessable(
            "ITEM_TOTAL_MISMATCH",
            "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit",
          ),
        );
      }
    }
    if (breakdown !== undefined) {
      let sum = 0;
      for (const [part, value] of Object.entries(breakdown)) {
        const sign = BREAKDOWN_SIGNS[part];
        if (sign === undefined) continue;
        const read = readMoney(value, `${at}/amount/breakdown/${part}`);
        if ("error" in read) return fail(read.error);
        if (value.currency_code !== currency) {
          return fail(
            unprocessable("CURRENCY_MISMATCH", "Currency code should be the same for all amounts in a purchase unit."),
          );
        }
        sum += sign * read.minor;
      }
      if (sum !== total.minor) {
        return fail(
          unprocessable(
            "AMOUNT_MISMATCH",
            "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
          ),
        );
      }
    }
    const payee = unit.payee as { merchant_id?: unknown } | undefined;
    const text = (key: string) => (typeof unit[key] === "string" ? { [key]: unit[key] as string } : {});
    return {
      reference_id: typeof unit.reference_id === "string" ? unit.reference_id : "default",
      amount: structuredClone(amount),
      payee: {
        merchant_id: typeof payee?.merchant_id === "string" ? payee.merchant_id : merchantId,
        email_address: "merchant@example.com",
      },
      ...(Array.isArray(items) ? { items: structuredClone(items as StandInItem[]) } : {}),
      ...text("custom_id"),
      ...text("invoice_id"),
      ...text("description"),
    };
  }

  function approveOrder(order: StandInOrder, payerId?: string): Promise<StandInEvent> {
    order.status = "APPROVED";
    order.payer_id = payerId ?? order.payer_id ?? paypalId(13);
    order.update_time = now();
    return emit("CHECKOUT.ORDER.APPROVED", "checkout-order", orderJson(order), "An order has been approved by buyer");
  }

  function captureOrder(orderId: string, context: RequestContext): Answer {
    const order = orders.get(orderId);
    if (!order) return notFound();
    if (order.status === "COMPLETED") {
      return unprocessable(
        "ORDER_ALREADY_CAPTURED",
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== "APPROVED") {
      return unprocessable(
        "ORDER_NOT_APPROVED",
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    for (const unit of order.purchase_units) {
      if (!unit.invoice_id) continue;
      const taken = [...captures.values()].some(
        (c) => c.invoice_id === unit.invoice_id && c.status !== "DECLINED" && c.order_id !== order.id,
      );
      if (taken) {
        return unprocessable(
          "DUPLICATE_INVOICE_ID",
          "Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.",
        );
      }
    }
    const outcome = captureOutcomes.shift();
    if (outcome === "declined") {
      const [status, body] = unprocessable(
        "INSTRUMENT_DECLINED",
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      );
      (body as { links: unknown[] }).links.push({ href: approveUrl(order.id), rel: "redirect", method: "GET" });
      return [status, body];
    }
    const time = now();
    const made: StandInCapture[] = order.purchase_units.map((unit, index) => {
      const capture: StandInCapture = {
        id: paypalId(17),
        order_id: order.id,
        unit: index,
        status: outcome === "pending" ? "PENDING" : "COMPLETED",
        reason: outcome === "pending" ? "PENDING_REVIEW" : null,
        amount: minorOf(unit.amount),
        refunded: 0,
        currency: unit.amount.currency_code,
        custom_id: unit.custom_id ?? null,
        invoice_id: unit.invoice_id ?? null,
        create_time: time,
        update_time: time,
      };
      captures.set(capture.id, capture);
      return capture;
    });
    order.capture_ids = made.map((capture) => capture.id);
    order.status = "COMPLETED";
    order.update_time = time;
    for (const capture of made) {
      const type = capture.status === "PENDING" ? "PAYMENT.CAPTURE.PENDING" : "PAYMENT.CAPTURE.COMPLETED";
      const resource = captureJson(capture);
      context.after.push(() => emit(type, "capture", resource, captureSummary(capture)));
    }
    return [201, orderJson(order)];
  }

  function captureSummary(capture: StandInCapture): string {
    const amount = `${formatValue(capture.amount, capture.currency)} ${capture.currency}`;
    if (capture.status === "PENDING") return `Payment pending for ${amount}`;
    if (capture.status === "DECLINED") return `Payment denied for ${amount}`;
    return `Payment completed for ${amount}`;
  }

  function refundCapture(
    captureId: string,
    body: Record<string, unknown>,
    context: RequestContext,
    reversal = false,
  ): [number, unknown] {
    const capture = captures.get(captureId);
    if (!capture) return notFound();
    if (capture.status === "PENDING") {
      return unprocessable("PENDING_CAPTURE", "Cannot initiate a refund as the capture is pending.");
    }
    if (capture.status === "DECLINED") {
      return unprocessable("REFUND_NOT_ALLOWED", "Refund cannot be issued for this capture.");
    }
    const remaining = capture.amount - capture.refunded;
    if (remaining <= 0) return unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded");
    let amount = remaining;
    if (body.amount !== undefined) {
      const requested = body.amount as Money;
      const read = readMoney(requested, "/amount");
      if ("error" in read) return read.error;
      if (requested.currency_code !== capture.currency) {
        return unprocessable("REFUND_CAPTURE_CURRENCY_MISMATCH", "Refund must be in the same currency as the capture.");
      }
      if (read.minor <= 0) return unprocessable("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.");
      if (read.minor > remaining) {
        return unprocessable(
          "REFUND_AMOUNT_EXCEEDED",
          "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        );
      }
      amount = read.minor;
    }
    capture.refunded += amount;
    capture.status = capture.refunded === capture.amount ? "REFUNDED" : "PARTIALLY_REFUNDED";
    capture.update_time = now();
    const refund: StandInRefund = {
      id: paypalId(17),
      capture_id: capture.id,
      status: "COMPLETED",
      amount,
      currency: capture.currency,
      custom_id: typeof body.custom_id === "string" ? body.custom_id : null,
      invoice_id: typeof body.invoice_id === "string" ? body.invoice_id : null,
      note_to_payer: typeof body.note_to_payer === "string" ? body.note_to_payer : null,
      reversal,
      create_time: capture.update_time,
    };
    refunds.set(refund.id, refund);
    const resource = refundJson(refund);
    const shown = `${formatValue(amount, capture.currency)} ${capture.currency}`;
    context.after.push(() =>
      reversal
        ? emit("PAYMENT.CAPTURE.REVERSED", "refund", resource, `A ${shown} capture payment was reversed`)
        : emit("PAYMENT.CAPTURE.REFUNDED", "refund", resource, `A ${shown} capture payment was refunded`),
    );
    return [201, refund];
  }

  async function settlePending(captureId: string, status: "COMPLETED" | "DECLINED"): Promise<StandInCapture> {
    const capture = captures.get(captureId);
    if (!capture || capture.status !== "PENDING") throw new Error(`PayPal stand-in: no pending capture ${captureId}`);
    capture.status = status;
    capture.reason = status === "DECLINED" ? "DECLINED_BY_RISK_FRAUD_FILTERS" : null;
    capture.update_time = now();
    const type = status === "COMPLETED" ? "PAYMENT.CAPTURE.COMPLETED" : "PAYMENT.CAPTURE.DENIED";
    await emit(type, "capture", captureJson(capture), captureSummary(capture));
    return capture;
  }

  async function refundOutsideTheShop(captureId: string, body: Record<string, unknown>, reversal: boolean) {
    const context: RequestContext = { after: [], prefer: null };
    const [status, refund] = refundCapture(captureId, body, context, reversal);
    if (status !== 201) throw new Error(`PayPal stand-in: ${JSON.stringify(refund)}`);
    for (const task of context.after) await task();
    return refund as StandInRefund;
  }

  // ---- The buyer's page ------------------------------------------------------------------------

  async function approvalPage(method: string, url: URL, raw: string, res: ServerResponse) {
    const order = orders.get(url.searchParams.get("token") ?? "");
    if (!order) return sendHtml(res, 404, "<h1>This order does not exist</h1>");
    const open = order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED" || order.status === "APPROVED";
    if (!open) return sendHtml(res, 410, "<h1>This order can no longer be paid</h1>");
    const unit = order.purchase_units[0]!;
    if (method === "GET") {
      const total = `${unit.amount.value} ${unit.amount.currency_code}`;
      return sendHtml(
        res,
        200,
        `<h1>PayPal test checkout</h1><p>Pay ${escapeHtml(total)} to ${escapeHtml(unit.payee.merchant_id)}</p>` +
          `<form method="post" action="/checkoutnow?token=${encodeURIComponent(order.id)}">` +
          `<button name="action" value="pay">Pay</button> <button name="action" value="cancel">Cancel</button></form>`,
      );
    }
    if (method !== "POST") return sendHtml(res, 405, "<h1>Method not allowed</h1>");
    const action = new URLSearchParams(raw).get("action");
    if (action === "cancel") {
      // As PayPal: the order stays as it is, the buyer goes back to the shop with its token.
      if (!order.cancel_url) return sendHtml(res, 200, "<h1>Payment cancelled</h1>");
      return redirect(res, withQuery(order.cancel_url, { token: order.id }));
    }
    if (order.status !== "APPROVED") await approveOrder(order);
    if (!order.return_url) return sendHtml(res, 200, "<h1>Payment approved</h1>");
    return redirect(res, withQuery(order.return_url, { token: order.id, PayerID: order.payer_id! }));
  }

  baseUrl = await listenOnLoopback(server);

  const orderOrThrow = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`PayPal stand-in: no order ${orderId}`);
    return order;
  };

  return {
    url: baseUrl,
    orders,
    captures,
    refunds,
    events,
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    settled: async () => {
      await queue;
    },
    setWebhook(target, id) {
      webhookTarget = target;
      if (id !== undefined) webhookId = id;
    },
    holdWebhooks: held.holdWebhooks,
    heldEvents: held.heldEvents,
    sendHeld: held.sendHeld,
    dropHeld: held.dropHeld,
    replayEvent: held.replayEvent,
    async approve(orderId, { payerId } = {}) {
      const order = orderOrThrow(orderId);
      if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") {
        throw new Error(`PayPal stand-in: order ${orderId} is ${order.status}, not waiting for the buyer`);
      }
      await approveOrder(order, payerId);
      return orderJson(order);
    },
    setNextCapture(outcome) {
      captureOutcomes.push(outcome);
    },
    completePendingCapture: (captureId) => settlePending(captureId, "COMPLETED"),
    denyPendingCapture: (captureId) => settlePending(captureId, "DECLINED"),
    refundInDashboard(captureId, amount) {
      const capture = captures.get(captureId);
      const body = amount === undefined || !capture ? {} : { amount: money(amount, capture.currency) };
      return refundOutsideTheShop(captureId, body, false);
    },
    reverseCapture: (captureId) => refundOutsideTheShop(captureId, { note_to_payer: "Payment reversed" }, true),
    async reverseApproval(orderId) {
      const order = orderOrThrow(orderId);
      if (order.status !== "APPROVED") throw new Error(`PayPal stand-in: order ${orderId} is not APPROVED`);
      order.status = "VOIDED";
      order.update_time = now();
      return emit(
        "CHECKOUT.PAYMENT-APPROVAL.REVERSED",
        "checkout-order",
        {
          order_id: order.id,
          purchase_units: order.purchase_units.map((unit) => ({ reference_id: unit.reference_id })),
          payment_source: { paypal: { account_id: order.payer_id, email_address: "buyer@example.com" } },
        },
        "A payment has been reversed after approval.",
      );
    },
    revokeTokens() {
      tokens.clear();
    },
    failNextRequests(count = 1, status = 503) {
      failures = { count, status };
    },
    loseNextAnswers(count = 1) {
      answersToLose = count;
    },
    holdOrderCreation() {
      let release!: () => void;
      orderCreationGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        orderCreationGate = null;
        release();
      };
    },
    orderForCustomId(customId) {
      return [...orders.values()].filter((o) => o.purchase_units.some((u) => u.custom_id === customId)).at(-1);
    },
    orderJson: (orderId) => orderJson(orderOrThrow(orderId)),
    close: () => closeServer(server),
  };
}

/** A PayPal-looking id: upper-case letters and digits. */
function paypalId(length: number): string {
  const alphabet = "ABCDEFGHJKLMNPRSTUVWXY0123456789";
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/**
 * Reads `{ currency_code, value }` as PayPal does: a currency it takes, digits with at most two
 * decimals (none in HUF, JPY, TWD). Minor units are hundredths in every currency here (whole-unit
 * currencies have none, so their hundredths are whole), which keeps sums exact.
 */
function readMoney(value: unknown, field: string): { minor: number } | { error: Answer } {
  const money = value as Partial<Money> | undefined;
  if (!money || typeof money.currency_code !== "string" || typeof money.value !== "string") {
    return { error: invalidRequest("MISSING_REQUIRED_PARAMETER", field, "A required field / parameter is missing.") };
  }
  if (!CURRENCIES.has(money.currency_code)) {
    return { error: unprocessable("CURRENCY_NOT_SUPPORTED", "Currency code is not currently supported.") };
  }
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(money.value);
  if (!match) {
    return {
      error: invalidRequest(
        "INVALID_PARAMETER_SYNTAX",
        `${field}/value`,
        "The value of a field does not conform to the expected format.",
      ),
    };
  }
  const decimals = match[2] ?? "";
  if (decimals.length > (WHOLE_UNITS.has(money.currency_code) ? 0 : 2)) {
    return {
      error: unprocessable(
        "DECIMAL_PRECISION",
        "If the currency supports decimals, only two decimal place precision is supported.",
      ),
    };
  }
  return { minor: Number(match[1]) * 100 + Number(decimals.padEnd(2, "0")) };
}

function minorOf(money: Money): number {
  const read = readMoney(money, "");
  if ("error" in read) throw new Error(`PayPal stand-in: unreadable amount ${JSON.stringify(money)}`);
  return read.minor;
}

function formatValue(minor: number, currency: string): string {
  const whole = Math.floor(minor / 100);
  return WHOLE_UNITS.has(currency) ? String(whole) : `${whole}.${String(minor % 100).padStart(2, "0")}`;
}

function debugId(): string {
  return randomBytes(7).toString("hex").slice(0, 13);
}

function unprocessable(issue: string, description: string): Answer {
  return [
    422,
    {
      name: "UNPROCESSABLE_ENTITY",
      details: [{ issue, description }],
      message: UNPROCESSABLE_MESSAGE,
      debug_id: debugId(),
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    },
  ];
}

function invalidRequest(issue: string, field: string, description: string, name = "INVALID_REQUEST"): Answer {
  return [
    400,
    {
      name,
      message: "Request is not well-formed, syntactically incorrect, or violates schema.",
      debug_id: debugId(),
      details: [{ field, location: "body", issue, description }],
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    },
  ];
}

function notFound(): Answer {
  return [
    404,
    {
      name: "RESOURCE_NOT_FOUND",
      details: [
        {
          issue: "INVALID_RESOURCE_ID",
          description: "Specified resource ID does not exist. Please check the resource ID and try again.",
        },
      ],
      message: "The specified resource does not exist.",
      debug_id: debugId(),
    },
  ];
}

function withQuery(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "paypal-debug-id": debugId() });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location }).end();
}

function sendHtml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="en"><head><title>PayPal test checkout</title></head><body>${body}</body></html>`);
}
