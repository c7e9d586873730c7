import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";
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
 * A Stripe stand-in for tests: an HTTP server on 127.0.0.1 (random port) that keeps its state in
 * memory and answers the part of Stripe's API the shop calls, as the `stripe` package calls it
 * (form-encoded bodies with `a[b][0][c]=` keys, `Authorization: Bearer sk_test_…`,
 * `Idempotency-Key`), with JSON shaped like Stripe's objects and errors. Point the app at it with
 * `STRIPE_API_URL=standIn.url`. Its hosted page `/pay/:sessionId` plays the buyer on Stripe
 * Checkout, and the webhooks it sends are signed exactly as Stripe signs them.
 *
 * Implemented: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
 * POST /v1/checkout/sessions/:id/expire, POST /v1/refunds, GET /v1/refunds/:id,
 * GET /v1/refunds?payment_intent=, GET /v1/payment_intents/:id, POST /v1/coupons, GET /v1/coupons/:id
 * (a session's `discounts: [{ coupon }]` takes the coupon off its total as Stripe does: one
 * discount per session, `amount_off` in the session's currency and never below zero, counted as
 * redeemed when the session completes); Stripe Tax:
 * POST /v1/tax/calculations (a fixed rate table by state, STAND_IN_TAX_RATES),
 * POST /v1/tax/transactions/create_from_calculation, POST /v1/tax/transactions/create_reversal;
 * `failTax` makes those three drop the connection (Stripe unreachable). Anything else answers 404 like
 * Stripe does for unknown URLs. A refund sends `refund.created` after the answer, as Stripe does;
 * `refundInDashboard` and `failRefund` play what the owner and the banks do on Stripe's side.
 */

export type CheckoutSessionStatus = "open" | "complete" | "expired";
export type CheckoutPaymentStatus = "paid" | "unpaid" | "no_payment_required";

/** The subset of a Stripe Checkout Session the stand-in keeps (the field names are Stripe's). */
export interface StandInSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: CheckoutPaymentStatus;
  status: CheckoutSessionStatus;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  line_items_sent: { name: string; unit_amount: number; quantity: number; currency: string }[];
  /** What the discounts took off (Stripe's `total_details.amount_discount`). */
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  /** The session's `discounts`, as Stripe keeps them: the coupon applied. */
  discounts: { coupon: string; promotion_code: null }[];
  /** `payment_intent_data[metadata]`: the metadata of the PaymentIntent the session makes. */
  payment_intent_metadata_sent: Record<string, string>;
}

/** The subset of a Stripe Coupon the stand-in keeps (the field names are Stripe's). */
export interface StandInCoupon {
  id: string;
  object: "coupon";
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: "once" | "forever" | "repeating";
  max_redemptions: number | null;
  name: string | null;
  times_redeemed: number;
  valid: boolean;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  created: number;
  metadata: Record<string, string>;
  reason: string | null;
  status: "succeeded" | "failed";
  failure_reason: string | null;
}

export interface StandInEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Record<string, unknown> };
}

/**
 * The stand-in's Stripe Tax: the state's rate in percent, and whether it taxes shipping. Any
 * other place: 0 %.
 */
export const STAND_IN_TAX_RATES: Record<string, { percent: string; shipping: boolean }> = {
  IL: { percent: "6.25", shipping: false },
  NY: { percent: "8.0", shipping: true },
  CA: { percent: "7.25", shipping: false },
};

/** A tax transaction the stand-in recorded (the field names are Stripe's). */
export interface StandInTaxTransaction {
  id: string;
  object: "tax.transaction";
  type: "transaction" | "reversal";
  reference: string;
  calculation: string | null;
  reversal: { original_transaction: string } | null;
  currency: string;
  /** Tax of the transaction, negative for a reversal. */
  tax_amount: number;
  mode: "full" | "partial" | null;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/checkout/sessions`. */
  path: string;
  query: Record<string, unknown>;
  /** The decoded form body (nested objects and arrays, values as strings). */
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  status: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** The shop's answer, or 0 when it could not be reached. */
  status: number;
}

/** What a test hook may send: the four Checkout events the shop subscribes to. */
export type SessionEventKind = "completed" | "async_payment_succeeded" | "async_payment_failed" | "expired";

export interface SendEventOptions {
  /** Overrides in the event's session object only (the session in Stripe keeps its own). */
  amountTotal?: number;
  currency?: string;
  /** For `completed`: "unpaid" plays a delayed payment method (bank debit) that settles later. */
  paymentStatus?: CheckoutPaymentStatus;
}

export type { WebhookTarget } from "./stand-in-server.ts";

export interface StripeStandInOptions {
  webhookUrl?: WebhookTarget;
  webhookSecret?: string;
}

export interface StripeStandIn extends StandIn<StandInEvent, RecordedRequest, WebhookDelivery> {
  /** Sessions by id (live objects: a test may change them to play Stripe's side). */
  sessions: Map<string, StandInSession>;
  coupons: Map<string, StandInCoupon>;
  refunds: Map<string, StandInRefund>;
  /** Sets where webhooks go and the secret they are signed with (the app may start after the stand-in). */
  setWebhook(target: WebhookTarget, secret?: string): void;
  /**
   * Keeps Checkout Session creations waiting (recorded, unanswered) until the returned function is
   * called: two requests then reach Stripe while neither has its answer, as a double-click's do.
   */
  holdSessionCreation(): () => void;
  /**
   * Plays a Stripe-side change of the session and creates its event (sent at once unless held):
   * `completed` completes it (paid, unless `paymentStatus` says otherwise, with a payment intent),
   * `async_payment_succeeded` marks it paid, `async_payment_failed` leaves it unpaid,
   * `expired` expires it. Returns the event.
   */
  sendEvent(sessionId: string, kind: SessionEventKind, options?: SendEventOptions): Promise<StandInEvent>;
  /** Sends an event already sent (same id, same body, newly signed): what a Stripe retry looks like. */
  replayEvent(eventId: string): Promise<WebhookDelivery>;
  /**
   * A refund made in Stripe's dashboard (no shop metadata): all that is left of the payment, or
   * `amount`; its `refund.created` event is sent (unless held). Returns the refund.
   */
  refundInDashboard(paymentIntentId: string, amount?: number): Promise<StandInRefund>;
  /**
   * A refund that the card's bank refused after Stripe made it: it becomes failed, its amount is
   * refundable again, and `refund.updated` then `refund.failed` are sent (unless held).
   */
  failRefund(refundId: string, failureReason?: string): Promise<StandInRefund>;
  /** Tax calculations by id (the answers as sent). */
  taxCalculations: Map<string, Record<string, unknown>>;
  /** Tax transactions and reversals by id. */
  taxTransactions: Map<string, StandInTaxTransaction>;
  /** While on, every Stripe Tax request is answered by a dropped connection (Stripe unreachable). */
  failTax(on: boolean): void;
  /** The latest session created for an order (by `client_reference_id`). */
  sessionForOrder(orderId: string): StandInSession | undefined;
}

const API_VERSION = "2025-10-29.clover";

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  let webhookTarget: WebhookTarget | undefined = options.webhookUrl;
  let webhookSecret = options.webhookSecret ?? "";
  const sessions = new Map<string, StandInSession>();
  const coupons = new Map<string, StandInCoupon>();
  const refunds = new Map<string, StandInRefund>();
  const events = new Map<string, StandInEvent>();
  const paymentIntents = new Map<
    string,
    { amount: number; currency: string; refunded: number; metadata: Record<string, string> }
  >();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const taxCalculations = new Map<string, Record<string, unknown>>();
  const taxTransactions = new Map<string, StandInTaxTransaction>();
  let taxDown = false;
  let baseUrl = "";

  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

  async function deliver(event: StandInEvent): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const delivery: WebhookDelivery = { eventId: event.id, type: event.type, status: 0 };
    deliveries.push(delivery);
    if (!webhookTarget) return delivery;
    delivery.status = await postWebhook(webhookTarget, "http://shop.test/webhooks/stripe", {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": header,
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
    });
    return delivery;
  }
  const held = heldWebhooks({ provider: "Stripe", events, send: deliver });

  async function emit(type: string, object: object): Promise<StandInEvent> {
    const event: StandInEvent = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) as Record<string, unknown> },
    };
    events.set(event.id, event);
    await held.dispatch(event);
    return event;
  }

  function publicSession(session: StandInSession): Record<string, unknown> {
    // line_items are not part of Stripe's session object (they are a separate, expandable list).
    const { line_items_sent: _lineItems, payment_intent_metadata_sent: _intentMetadata, ...rest } = session;
    return rest;
  }

  function completeSession(session: StandInSession, paymentStatus: CheckoutPaymentStatus) {
    if (session.status !== "complete") {
      for (const discount of session.discounts) {
        const coupon = coupons.get(discount.coupon);
        if (!coupon) continue;
        coupon.times_redeemed += 1;
        if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
      }
    }
    session.status = "complete";
    session.url = null;
    session.payment_status = paymentStatus;
    if (!session.payment_intent) {
      session.payment_intent = newId("pi");
    }
    if (paymentStatus === "paid") {
      paymentIntents.set(session.payment_intent, {
        amount: session.amount_total,
        currency: session.currency,
        refunded: paymentIntents.get(session.payment_intent)?.refunded ?? 0,
        metadata: session.payment_intent_metadata_sent,
      });
    }
  }

  async function sendEvent(sessionId: string, kind: SessionEventKind, options: SendEventOptions = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`Stripe stand-in: no session ${sessionId}`);
    switch (kind) {
      case "completed":
        completeSession(session, options.paymentStatus ?? "paid");
        break;
      case "async_payment_succeeded":
        completeSession(session, "paid");
        break;
      case "async_payment_failed":
        completeSession(session, "unpaid");
        break;
      case "expired":
        session.status = "expired";
        session.url = null;
        break;
    }
    const object = publicSession(session);
    if (options.amountTotal !== undefined) object.amount_total = options.amountTotal;
    if (options.currency !== undefined) object.currency = options.currency;
    return emit(`checkout.session.${kind}`, object);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendJson(res, 500, { error: { type: "api_error", message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { raw, url, method } = await readRequest(req);
    if (url.pathname.startsWith("/pay/")) return hostedPage(method, url, raw, res);

    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: decodeForm(url.search.slice(1)),
      body: decodeForm(raw),
      idempotencyKey: headerValue(req, "idempotency-key"),
      status: 0,
    };
    requests.push(record);
    if (taxDown && url.pathname.startsWith("/v1/tax/")) {
      req.socket.destroy();
      return;
    }
    if (sessionCreationGate && method === "POST" && url.pathname === "/v1/checkout/sessions") {
      await sessionCreationGate;
    }
    const answer = (status: number, body: unknown) => {
      record.status = status;
      sendJson(res, status, body);
    };

    const auth = headerValue(req, "authorization") ?? "";
    const key = auth.startsWith("Bearer ") ? auth.slice("Bearer ".length) : "";
    if (!key.startsWith("sk_test_")) {
      return answer(401, {
        error: {
          type: "invalid_request_error",
          message: key ? `Invalid API Key provided: ${key.slice(0, 8)}****` : "You did not provide an API key.",
        },
      });
    }

    if (method === "POST" && record.idempotencyKey) {
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      const earlier = idempotent.get(record.idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return answer(400, {
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '" +
                record.idempotencyKey +
                "' if you meant to execute a different request.",
            },
          });
        }
        res.setHeader("idempotent-replayed", "true");
        return answer(earlier.status, earlier.body);
      }
      const [status, body] = route(method, url, record.body);
      // A snapshot: Stripe replays its first answer as it was then (a refund "succeeded" that
      // has failed since is replayed as succeeded).
      idempotent.set(record.idempotencyKey, { fingerprint, status, body: structuredClone(body) });
      answer(status, body);
    } else {
      const [status, body] = route(method, url, method === "GET" ? record.query : record.body);
      answer(status, body);
    }
    // Events caused by the request go out after the answer, as Stripe's do.
    for (const task of afterResponse.splice(0)) await task();
  }

  const afterResponse: (() => Promise<unknown>)[] = [];
  let sessionCreationGate: Promise<void> | null = null;

  function route(method: string, url: URL, params: Record<string, unknown>): [number, unknown] {
    const path = url.pathname;
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if (method === "GET" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      return session ? [200, publicSession(session)] : missing("checkout.session", match[1]!, 404);
    }
    if (method === "POST" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) return missing("checkout.session", match[1]!, 404);
      if (session.status !== "open") {
        return invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, "session");
      }
      session.status = "expired";
      session.url = null;
      const object = publicSession(session);
      afterResponse.push(() => emit("checkout.session.expired", object));
      return [200, object];
    }
    if (method === "GET" && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const id = decodeURIComponent(match[1]!);
      const intent = paymentIntents.get(id);
      if (!intent) return missing("payment_intent", id, 404);
      return [
        200,
        {
          id,
          object: "payment_intent",
          amount: intent.amount,
          amount_received: intent.amount,
          currency: intent.currency,
          status: "succeeded",
          latest_charge: chargeId(id),
          livemode: false,
          metadata: intent.metadata,
        },
      ];
    }
    if (method === "POST" && path === "/v1/coupons") return createCoupon(params);
    if (method === "GET" && (match = path.match(/^\/v1\/coupons\/([^/]+)$/))) {
      const coupon = coupons.get(decodeURIComponent(match[1]!));
      return coupon ? [200, coupon] : missing("coupon", match[1]!, 404);
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    if (method === "POST" && path === "/v1/tax/calculations") return createTaxCalculation(params);
    if (method === "POST" && path === "/v1/tax/transactions/create_from_calculation") {
      return createTaxTransaction(params);
    }
    if (method === "POST" && path === "/v1/tax/transactions/create_reversal") return createTaxReversal(params);
    if (method === "GET" && path === "/v1/refunds") {
      const intent = typeof params.payment_intent === "string" ? params.payment_intent : null;
      const data = [...refunds.values()].filter((r) => !intent || r.payment_intent === intent).reverse();
      return [200, { object: "list", data, has_more: false, url: "/v1/refunds" }];
    }
    if (method === "GET" && (match = path.match(/^\/v1\/refunds\/([^/]+)$/))) {
      const refund = refunds.get(decodeURIComponent(match[1]!));
      return refund ? [200, refund] : missing("refund", match[1]!, 404);
    }
    return [
      404,
      { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    ];
  }

  function createTaxCalculation(params: Record<string, unknown>): [number, unknown] {
    const currency = typeof params.currency === "string" ? params.currency : "";
    if (!currency) return invalid("Missing required param: currency.", "currency");
    const items = Array.isArray(params.line_items) ? (params.line_items as Record<string, unknown>[]) : [];
    if (items.length === 0) return invalid("Missing required param: line_items.", "line_items");
    const details = (params.customer_details ?? {}) as Record<string, unknown>;
    const address = (details.address ?? {}) as Record<string, string>;
    if (!address.country)
      return invalid("Missing required param: customer_details[address][country].", "customer_details");
    if (address.country === "US" && !address.postal_code) {
      return [
        400,
        {
          error: {
            type: "invalid_request_error",
            code: "customer_tax_location_invalid",
            message: "We could not determine the customer's tax location based on the provided customer address.",
            param: "customer_details[address]",
          },
        },
      ];
    }
    const exempt = details.taxability_override === "customer_exempt";
    const state = address.country === "US" ? (address.state ?? "").toUpperCase() : "";
    const rate = STAND_IN_TAX_RATES[state];
    const percent = exempt || !rate ? "0.0" : rate.percent;
    // Thousandths of a percent, rounded half up once per calculation, as the shop's rule does.
    const thousandths = Math.round(Number(percent) * 1000);
    const taxOn = (amount: number) => Math.floor((amount * thousandths + 50_000) / 100_000);
    const reason = exempt ? "customer_exempt" : rate ? "standard_rated" : "not_collecting";
    const lineItems = items.map((item, index) => {
      const amount = Number(item.amount);
      return {
        id: `tax_li_${index}`,
        object: "tax.calculation_line_item",
        amount,
        amount_tax: taxOn(amount),
        livemode: false,
        product: null,
        quantity: Number(item.quantity ?? 1),
        reference: typeof item.reference === "string" ? item.reference : null,
        tax_behavior: "exclusive",
        tax_code: typeof item.tax_code === "string" ? item.tax_code : "txcd_10000000",
      };
    });
    const shippingParams = params.shipping_cost as Record<string, string> | undefined;
    const shippingAmount = shippingParams ? Number(shippingParams.amount) : 0;
    const linesAmount = lineItems.reduce((sum, item) => sum + item.amount, 0);
    const taxable = linesAmount + (rate?.shipping ? shippingAmount : 0);
    const tax = percent === "0.0" ? 0 : taxOn(taxable);
    const calculation = {
      id: newId("taxcalc"),
      object: "tax.calculation",
      amount_total: linesAmount + shippingAmount + tax,
      currency,
      customer: null,
      customer_details: {
        address: { country: address.country, state: address.state ?? null, postal_code: address.postal_code ?? null },
        address_source: details.address_source ?? null,
        ip_address: null,
        tax_ids: [],
        taxability_override: exempt ? "customer_exempt" : "none",
      },
      expires_at: now() + 90 * 24 * 3600,
      line_items: { object: "list", data: lineItems, has_more: false, url: "/v1/tax/calculations/line_items" },
      livemode: false,
      ship_from_details: null,
      shipping_cost: shippingParams
        ? {
            amount: shippingAmount,
            amount_tax: rate?.shipping && !exempt ? taxOn(shippingAmount) : 0,
            shipping_rate: null,
            tax_behavior: "exclusive",
            tax_code: shippingParams.tax_code ?? "txcd_92010001",
          }
        : null,
      tax_amount_exclusive: tax,
      tax_amount_inclusive: 0,
      tax_breakdown: [
        {
          amount: tax,
          inclusive: false,
          tax_rate_details: {
            country: address.country,
            flat_amount: null,
            percentage_decimal: percent,
            rate_type: "percentage",
            state: state || null,
            tax_type: "sales_tax",
          },
          taxability_reason: reason,
          taxable_amount: exempt || !rate ? 0 : taxable,
        },
      ],
      tax_date: now(),
    };
    taxCalculations.set(calculation.id, calculation);
    return [200, calculation];
  }

  function createTaxTransaction(params: Record<string, unknown>): [number, unknown] {
    const calculation = typeof params.calculation === "string" ? taxCalculations.get(params.calculation) : undefined;
    if (!calculation) return missing("tax.calculation", String(params.calculation), 400, "calculation");
    const reference = typeof params.reference === "string" ? params.reference : "";
    if (!reference) return invalid("Missing required param: reference.", "reference");
    if ([...taxTransactions.values()].some((t) => t.reference === reference)) {
      return invalid(`A transaction with reference ${reference} already exists.`, "reference");
    }
    const transaction: StandInTaxTransaction = {
      id: newId("tax"),
      object: "tax.transaction",
      type: "transaction",
      reference,
      calculation: calculation.id as string,
      reversal: null,
      currency: calculation.currency as string,
      tax_amount: calculation.tax_amount_exclusive as number,
      mode: null,
    };
    taxTransactions.set(transaction.id, transaction);
    return [200, transaction];
  }

  function createTaxReversal(params: Record<string, unknown>): [number, unknown] {
    const original =
      typeof params.original_transaction === "string" ? taxTransactions.get(params.original_transaction) : undefined;
    if (!original || original.type !== "transaction") {
      return missing("tax.transaction", String(params.original_transaction), 400, "original_transaction");
    }
    const reference = typeof params.reference === "string" ? params.reference : "";
    if (!reference) return invalid("Missing required param: reference.", "reference");
    if ([...taxTransactions.values()].some((t) => t.reference === reference)) {
      return invalid(`A transaction with reference ${reference} already exists.`, "reference");
    }
    const mode = params.mode === "partial" ? "partial" : params.mode === "full" ? "full" : null;
    if (!mode) return invalid("Missing required param: mode.", "mode");
    const reversal: StandInTaxTransaction = {
      id: newId("tax"),
      object: "tax.transaction",
      type: "reversal",
      reference,
      calculation: null,
      reversal: { original_transaction: original.id },
      currency: original.currency,
      tax_amount: mode === "full" ? -original.tax_amount : -Number(params.flat_amount ?? 0),
      mode,
    };
    taxTransactions.set(reversal.id, reversal);
    return [200, reversal];
  }

  function createSession(params: Record<string, unknown>): [number, unknown] {
    if (params.mode !== "payment") return invalid("Missing required param: mode.", "mode");
    if (typeof params.success_url !== "string") return invalid("Missing required param: success_url.", "success_url");
    const rawItems = params.line_items;
    if (!Array.isArray(rawItems) || rawItems.length === 0) {
      return invalid("Missing required param: line_items.", "line_items");
    }
    const lines: StandInSession["line_items_sent"] = [];
    for (const [index, item] of rawItems.entries()) {
      const entry = item as { quantity?: string; price_data?: Record<string, unknown> };
      const priceData = entry.price_data as
        { currency?: string; unit_amount?: string; product_data?: { name?: string } } | undefined;
      const quantity = Number(entry.quantity);
      const unitAmount = Number(priceData?.unit_amount);
      if (!priceData?.currency)
        return invalid("Missing required param: currency.", `line_items[${index}][price_data][currency]`);
      if (!priceData.product_data?.name) {
        return invalid("Missing required param: name.", `line_items[${index}][price_data][product_data][name]`);
      }
      if (!Number.isInteger(quantity) || quantity < 1) {
        return invalid("Invalid positive integer", `line_items[${index}][quantity]`);
      }
      if (!Number.isInteger(unitAmount) || unitAmount < 0) {
        return invalid("Invalid non-negative integer", `line_items[${index}][price_data][unit_amount]`);
      }
      lines.push({
        name: priceData.product_data.name,
        unit_amount: unitAmount,
        quantity,
        currency: priceData.currency,
      });
    }
    const currency = lines[0]!.currency.toLowerCase();
    if (lines.some((line) => line.currency.toLowerCase() !== currency)) {
      return invalid("All line items must use the same currency.", "line_items");
    }
    const created = now();
    const expiresAt = params.expires_at === undefined ? created + 24 * 3600 : Number(params.expires_at);
    if (!Number.isInteger(expiresAt)) return invalid("Invalid integer", "expires_at");
    const amount = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
    // Stripe's `discounts`: at most one in Checkout, a coupon that exists, is still valid and is in
    // the session's currency; it comes off the whole amount, never below zero.
    const discounts: StandInSession["discounts"] = [];
    let amountDiscount = 0;
    if (params.discounts !== undefined) {
      if (!Array.isArray(params.discounts)) return invalid("Invalid array", "discounts");
      if (params.discounts.length > 1) {
        return invalid("You may only specify one of these parameters: discounts.", "discounts");
      }
      for (const [index, entry] of params.discounts.entries()) {
        const couponId = (entry as { coupon?: unknown } | null)?.coupon;
        if (typeof couponId !== "string")
          return invalid("Missing required param: coupon.", `discounts[${index}][coupon]`);
        const coupon = coupons.get(couponId);
        if (!coupon) return missing("coupon", couponId, 400, `discounts[${index}][coupon]`);
        if (!coupon.valid) return invalid(`Coupon ${couponId} is no longer valid.`, `discounts[${index}][coupon]`);
        if (coupon.amount_off !== null && coupon.currency !== currency) {
          return invalid(
            `The coupon ${couponId} is in ${coupon.currency}, which does not match the currency of this session (${currency}).`,
            `discounts[${index}][coupon]`,
          );
        }
        amountDiscount =
          coupon.amount_off !== null
            ? Math.min(coupon.amount_off, amount)
            : Math.round((amount * (coupon.percent_off ?? 0)) / 100);
        discounts.push({ coupon: couponId, promotion_code: null });
      }
    }
    const id = `cs_test_${randomBytes(24).toString("hex")}`;
    const email = typeof params.customer_email === "string" ? params.customer_email : null;
    const session: StandInSession = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount - amountDiscount,
      total_details: { amount_discount: amountDiscount, amount_shipping: 0, amount_tax: 0 },
      discounts,
      currency,
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      customer_email: email,
      customer_details: email ? { email } : null,
      created,
      expires_at: expiresAt,
      livemode: false,
      metadata: stringRecord(params.metadata),
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      url: `${baseUrl}/pay/${id}`,
      line_items_sent: lines,
      payment_intent_metadata_sent: stringRecord(
        params.payment_intent_data && typeof params.payment_intent_data === "object"
          ? (params.payment_intent_data as Record<string, unknown>).metadata
          : undefined,
      ),
    };
    sessions.set(id, session);
    return [200, publicSession(session)];
  }

  function createCoupon(params: Record<string, unknown>): [number, unknown] {
    const amountOff = params.amount_off === undefined ? null : Number(params.amount_off);
    const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
    if ((amountOff === null) === (percentOff === null)) {
      return invalid("You must pass either amount_off or percent_off, but not both.", "amount_off");
    }
    if (amountOff !== null && (!Number.isInteger(amountOff) || amountOff < 1)) {
      return invalid("Invalid positive integer", "amount_off");
    }
    if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) {
      return invalid("Invalid decimal: percent_off must be greater than 0 and at most 100.", "percent_off");
    }
    if (amountOff !== null && typeof params.currency !== "string") {
      return invalid("You must pass currency when passing amount_off.", "currency");
    }
    const duration = params.duration ?? "once";
    if (duration !== "once" && duration !== "forever" && duration !== "repeating") {
      return invalid("Invalid duration", "duration");
    }
    const maxRedemptions = params.max_redemptions === undefined ? null : Number(params.max_redemptions);
    if (maxRedemptions !== null && (!Number.isInteger(maxRedemptions) || maxRedemptions < 1)) {
      return invalid("Invalid positive integer", "max_redemptions");
    }
    const name = typeof params.name === "string" ? params.name : null;
    if (name !== null && name.length > 40) return invalid("Name must be at most 40 characters.", "name");
    const coupon: StandInCoupon = {
      id: typeof params.id === "string" ? params.id : randomBytes(4).toString("hex"),
      object: "coupon",
      amount_off: amountOff,
      percent_off: percentOff,
      currency: amountOff !== null ? String(params.currency).toLowerCase() : null,
      duration,
      max_redemptions: maxRedemptions,
      name,
      times_redeemed: 0,
      valid: true,
      created: now(),
      livemode: false,
      metadata: stringRecord(params.metadata),
    };
    if (coupons.has(coupon.id)) return invalid("Coupon already exists.", "id");
    coupons.set(coupon.id, coupon);
    return [200, coupon];
  }

  function createRefund(params: Record<string, unknown>): [number, unknown] {
    const intentId = typeof params.payment_intent === "string" ? params.payment_intent : null;
    if (!intentId)
      return invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        "payment_intent",
      );
    const intent = paymentIntents.get(intentId);
    if (!intent) return missing("payment_intent", intentId, 400, "payment_intent");
    const remaining = intent.amount - intent.refunded;
    if (remaining <= 0) {
      return [
        400,
        {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge ${chargeId(intentId)} has already been refunded.`,
          },
        },
      ];
    }
    let amount = remaining;
    if (params.amount !== undefined) {
      amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) return invalid("Invalid positive integer", "amount");
      if (amount > remaining) {
        return invalid(
          `Refund amount (${formatAmount(amount, intent.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, intent.currency)})`,
          "amount",
        );
      }
    }
    intent.refunded += amount;
    const refund: StandInRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: chargeId(intentId),
      created: now(),
      metadata: stringRecord(params.metadata),
      reason: typeof params.reason === "string" ? params.reason : null,
      status: "succeeded",
      failure_reason: null,
    };
    refunds.set(refund.id, refund);
    afterResponse.push(() => emit("refund.created", refund));
    return [200, refund];
  }

  async function hostedPage(method: string, url: URL, raw: string, res: ServerResponse) {
    const match = url.pathname.match(/^\/pay\/([^/]+)$/);
    const session = match ? sessions.get(decodeURIComponent(match[1]!)) : undefined;
    if (!session) return sendHtml(res, 404, "<h1>No such Checkout Session</h1>");
    if (method === "GET") {
      if (session.status !== "open") return sendHtml(res, 410, "<h1>This Checkout Session is no longer available</h1>");
      const total = formatAmount(session.amount_total, session.currency);
      const discount = session.total_details.amount_discount;
      return sendHtml(
        res,
        200,
        `<h1>Stripe test checkout</h1>` +
          (discount > 0 ? `<p>Discount ${escapeHtml(formatAmount(discount, session.currency))}</p>` : "") +
          `<p>Pay ${escapeHtml(total)}</p>` +
          `<form method="post"><button name="action" value="pay">Pay</button>` +
          `<button name="action" value="cancel">Cancel</button></form>`,
      );
    }
    if (method !== "POST") return sendHtml(res, 405, "<h1>Method not allowed</h1>");
    const action = new URLSearchParams(raw).get("action");
    if (action === "cancel") {
      // Like Stripe: the session stays open, the buyer is sent back to the shop.
      res.writeHead(303, { location: session.cancel_url ?? session.success_url ?? "/" }).end();
      return;
    }
    if (session.status !== "open") return sendHtml(res, 410, "<h1>This Checkout Session is no longer available</h1>");
    await sendEvent(session.id, "completed");
    res
      .writeHead(303, { location: (session.success_url ?? "/").replaceAll("{CHECKOUT_SESSION_ID}", session.id) })
      .end();
  }

  baseUrl = await listenOnLoopback(server);

  return {
    url: baseUrl,
    sessions,
    coupons,
    refunds,
    events,
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    setWebhook(target, secret) {
      webhookTarget = target;
      if (secret !== undefined) webhookSecret = secret;
    },
    holdWebhooks: held.holdWebhooks,
    holdSessionCreation() {
      let release!: () => void;
      sessionCreationGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        sessionCreationGate = null;
        release();
      };
    },
    heldEvents: held.heldEvents,
    sendHeld: held.sendHeld,
    dropHeld: held.dropHeld,
    sendEvent,
    replayEvent: held.replayEvent,
    async refundInDashboard(paymentIntentId, amount) {
      const [status, body] = createRefund({
        payment_intent: paymentIntentId,
        ...(amount === undefined ? {} : { amount: String(amount) }),
      });
      if (status !== 200) throw new Error(`Stripe stand-in: ${JSON.stringify(body)}`);
      for (const task of afterResponse.splice(0)) await task();
      return body as StandInRefund;
    },
    async failRefund(refundId, failureReason = "expired_or_canceled_card") {
      const refund = refunds.get(refundId);
      if (!refund || refund.status !== "succeeded") throw new Error(`Stripe stand-in: no refund ${refundId} to fail`);
      refund.status = "failed";
      refund.failure_reason = failureReason;
      paymentIntents.get(refund.payment_intent)!.refunded -= refund.amount;
      await emit("refund.updated", refund);
      await emit("refund.failed", refund);
      return refund;
    },
    taxCalculations,
    taxTransactions,
    failTax(on) {
      taxDown = on;
    },
    sessionForOrder(orderId) {
      return [...sessions.values()].filter((s) => s.client_reference_id === orderId).at(-1);
    },
    close: () => closeServer(server),
  };
}

function chargeId(paymentIntentId: string): string {
  return paymentIntentId.replace(/^pi_/, "ch_");
}

function invalid(message: string, param: string): [number, unknown] {
  return [400, { error: { type: "invalid_request_error", message, param } }];
}

function missing(kind: string, id: string, status: number, param?: string): [number, unknown] {
  return [
    status,
    {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${kind}: '${id}'`,
        ...(param ? { param } : {}),
      },
    },
  ];
}

function stringRecord(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, entry] of Object.entries(value)) if (typeof entry === "string") result[key] = entry;
  }
  return result;
}

function formatAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${randomBytes(8).toString("hex")}`,
  });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="en"><head><title>Stripe test checkout</title></head><body>${body}</body></html>`);
}

/**
 * Decodes Stripe's form encoding: `a[b][0][c]=v` becomes `{ a: { b: [{ c: "v" }] } }`. Objects
 * whose keys are all 0, 1, 2… become arrays, as Stripe reads them.
 */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.match(/^[^[]+|\[[^\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, "")) ?? [key];
    let node: Record<string, unknown> = root;
    for (const [index, part] of parts.entries()) {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) {
        node[name] = value;
      } else {
        const next = node[name];
        if (!next || typeof next !== "object") node[name] = {};
        node = node[name] as Record<string, unknown>;
      }
    }
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, entry]) => [key, arraysFromIndexes(entry)] as const,
  );
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, entry]) => entry) : Object.fromEntries(entries);
}
