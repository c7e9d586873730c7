import type { z } from "zod";
import type { Env } from "#server/config/env.ts";
import { centsToPayPalValue } from "./paypal-money.ts";
import {
  captureSchema,
  errorBodySchema,
  orderSchema,
  refundSchema,
  tokenSchema,
  verificationSchema,
  type PayPalCapture,
  type PayPalOrder,
  type PayPalRefund,
} from "./paypal-schemas.ts";

/**
 * A client of PayPal's REST API (Orders v2, Payments v2, webhook verification), on Node's fetch:
 * no SDK (decision 24). Production and the tests use it alike; with PAYPAL_API_URL (tests only,
 * loopback only: see env.ts) its calls go to that address, the stand-in of
 * tests/support/paypal-stand-in.ts, instead of PayPal's.
 *
 * Amounts are integer cents in and out (paypal-money.ts converts them exactly). Every call is
 * safe to repeat (a GET, or a POST with its PayPal-Request-Id), so a network failure, a timeout,
 * 429 or 5xx is tried again, `retries` times at most; each attempt gives up after `timeoutMs`, the
 * whole call after `deadlineMs` (and as long again for a token it must fetch first).
 * Failures throw PayPalError, whose message and fields never hold the client secret or a token.
 * The client logs nothing.
 */

export type PayPalEnvironment = "sandbox" | "live";

export interface PayPalCredentials {
  environment: PayPalEnvironment;
  clientId: string;
  clientSecret: string;
}

export interface PayPalClientOptions {
  /** Milliseconds one attempt may take, answer read included (default 15 s). */
  timeoutMs?: number;
  /** Milliseconds a whole call may take, its retries included (default 45 s); its token has as long again. */
  deadlineMs?: number;
  /** Attempts after the first, for a network failure, a timeout, 429 or 5xx (default 2). */
  retries?: number;
  /** The wait before the first retry, doubled for each next one (default 250 ms). */
  retryDelayMs?: number;
  /** Milliseconds since the epoch, for the token's expiry (default Date.now). */
  now?: () => number;
}

/** An order for PayPal to take the payment of, in the shop's terms (cents). */
export interface NewPayPalOrder {
  currency: string;
  items: NewPayPalItem[];
  /** Cents on top of the items (0 or unset: none). */
  shipping?: number;
  tax?: number;
  /** Cents off the items. */
  discount?: number;
  /** The shop's order id, read back in captures and events (at most 127 characters). */
  customId?: string;
  /** Shown to the buyer and unique per PayPal account: PayPal refuses a second order with it. */
  invoiceId?: string;
  referenceId?: string;
  /** Shown on PayPal's page (cut to 127 characters). */
  description?: string;
  /** The account to pay, when it is not the one of the credentials. */
  payeeMerchantId?: string;
  /** Where PayPal sends the buyer after approving (with `token` and `PayerID`) or cancelling (`token`). */
  returnUrl: string;
  cancelUrl: string;
  brandName?: string;
  locale?: string;
  shippingPreference?: "NO_SHIPPING" | "GET_FROM_FILE" | "SET_PROVIDED_ADDRESS";
  /** Where the goods go: with SET_PROVIDED_ADDRESS, PayPal shows this address and the buyer cannot change it. */
  shipTo?: PayPalShippingAddress;
  /** PAY_NOW (default): the buyer pays on PayPal's page and the shop captures at once. */
  userAction?: "PAY_NOW" | "CONTINUE";
}

export interface PayPalShippingAddress {
  fullName: string;
  addressLine1: string;
  /** The city (PayPal's admin_area_2). */
  city: string;
  /** The state or region (PayPal's admin_area_1). */
  region?: string | null;
  postalCode?: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

export interface NewPayPalItem {
  /** Cut to 127 characters, PayPal's limit. */
  name: string;
  quantity: number;
  /** Cents per unit. */
  unitAmount: number;
  sku?: string;
  category?: "PHYSICAL_GOODS" | "DIGITAL_GOODS" | "DONATION";
}

/** A refund: of what is left of the capture (no amount), or of part of it (cents, in the capture's currency). */
export type NewPayPalRefund = {
  /** PayPal-Request-Id: the same id again gets the same refund back, nothing is refunded twice. */
  requestId: string;
  /** Read back on the refund (e.g. the shop's attempt), at most 127 characters. */
  customId?: string;
  invoiceId?: string;
  noteToPayer?: string;
} & ({ amount: number; currency: string } | { amount?: undefined; currency?: undefined });

/** The headers PayPal signs a webhook delivery with, as received (names in any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface PayPalClient {
  readonly environment: PayPalEnvironment;
  /** Where its calls go: PayPal's API, or the stand-in's. */
  readonly apiBase: string;
  /** `POST /v2/checkout/orders` (intent CAPTURE), keyed by `requestId`: the same id again gets the same order. */
  createOrder(order: NewPayPalOrder, options: { requestId: string }): Promise<PayPalOrder>;
  /** `GET /v2/checkout/orders/{id}`: its state, captures and refunds. */
  getOrder(orderId: string): Promise<PayPalOrder>;
  /**
   * `POST /v2/checkout/orders/{id}/capture`, keyed by `requestId`: the order, COMPLETED, with its
   * capture (whose status may be PENDING, or DECLINED). Throws PayPalError with issue
   * ORDER_ALREADY_CAPTURED, ORDER_NOT_APPROVED, INSTRUMENT_DECLINED…
   */
  captureOrder(orderId: string, options: { requestId: string }): Promise<PayPalOrder>;
  /** `GET /v2/payments/captures/{id}`. */
  getCapture(captureId: string): Promise<PayPalCapture>;
  /** `POST /v2/payments/captures/{id}/refund`. Throws PayPalError with issue REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED… */
  refundCapture(captureId: string, refund: NewPayPalRefund): Promise<PayPalRefund>;
  /**
   * Asks PayPal whether a webhook delivery is its own (`POST /v1/notifications/verify-webhook-signature`):
   * true only for `verification_status: SUCCESS`. `event` is the body as parsed JSON (JSON.parse of
   * the raw body, unchanged); `webhookId` the id PayPal gave the shop's webhook. False without the
   * signature headers; throws PayPalError when PayPal cannot be asked.
   */
  verifyWebhookSignature(delivery: { headers: WebhookHeaders; webhookId: string; event: unknown }): Promise<boolean>;
}

const API_BASES: Record<PayPalEnvironment, string> = {
  sandbox: "https://api-m.sandbox.paypal.com",
  live: "https://api-m.paypal.com",
};

const CHECKOUT_ORIGINS: Record<PayPalEnvironment, string> = {
  sandbox: "https://www.sandbox.paypal.com",
  live: "https://www.paypal.com",
};

/** The signature algorithm PayPal's webhooks name. */
const WEBHOOK_AUTH_ALGO = "SHA256withRSA";
/** Where PayPal keeps the certificates its webhooks name. */
const CERT_HOSTS = new Set([
  "api.paypal.com",
  "api.sandbox.paypal.com",
  "api-m.paypal.com",
  "api-m.sandbox.paypal.com",
]);

/** A webhook's certificate address is PayPal's (or, in tests, the stand-in's the client calls). */
function isPayPalCertUrl(value: string | null | undefined, apiBase: string): boolean {
  let url: URL;
  try {
    url = new URL(value ?? "");
  } catch {
    return false;
  }
  if (url.origin === new URL(apiBase).origin) return true;
  return url.protocol === "https:" && CERT_HOSTS.has(url.hostname) && url.port === "";
}

/** Where the client's calls go: PAYPAL_API_URL (tests) or PayPal's API for the environment. */
export function payPalApiBase(environment: PayPalEnvironment, env: Pick<Env, "PAYPAL_API_URL">): string {
  return env.PAYPAL_API_URL ? env.PAYPAL_API_URL.replace(/\/+$/, "") : API_BASES[environment];
}

/**
 * Where PayPal's approval page lives: the origin a checkout's redirect leads to, which the
 * Content-Security-Policy's `form-action` must allow. With PAYPAL_API_URL (tests) the stand-in
 * serves that page too.
 */
export function payPalCheckoutOrigin(environment: PayPalEnvironment, env: Pick<Env, "PAYPAL_API_URL">): string {
  return env.PAYPAL_API_URL ? new URL(env.PAYPAL_API_URL).origin : CHECKOUT_ORIGINS[environment];
}

export type PayPalErrorKind =
  /** PayPal answered with an error (`status`, `paypalName`, `issues`). */
  | "api"
  /** No answer within the time allowed. */
  | "timeout"
  /** PayPal could not be reached. */
  | "network"
  /** A 2xx answer without what the shop reads. */
  | "invalid-response";

/**
 * A PayPal call that failed. `paypalName` is PayPal's `name` (UNPROCESSABLE_ENTITY,
 * RESOURCE_NOT_FOUND…, or OAuth's `error`: invalid_client), `issues` its `details[].issue`
 * (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED…). `status` is the HTTP status, 0 without an answer.
 */
export class PayPalError extends Error {
  override name = "PayPalError";

  constructor(
    /** What was asked, e.g. "capture order". */
    readonly operation: string,
    readonly kind: PayPalErrorKind,
    readonly status: number,
    readonly paypalName: string | null,
    readonly issues: readonly string[],
    readonly debugId: string | null,
    message: string,
  ) {
    super(message);
  }

  /** The first issue PayPal named, or null. */
  get issue(): string | null {
    return this.issues[0] ?? null;
  }

  hasIssue(issue: string): boolean {
    return this.issues.includes(issue);
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_DEADLINE_MS = 45_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 250;
/** A token is renewed this long before PayPal says it expires (at most half its life). */
const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;
/** PayPal's limit on PayPal-Request-Id. */
const MAX_REQUEST_ID_LENGTH = 108;
const MAX_TEXT_LENGTH = 127;

interface Call<S extends z.ZodType> {
  operation: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  requestId?: string;
  /** Ask for the whole resource (Prefer: return=representation), not PayPal's minimal answer. */
  representation?: boolean;
  schema: S;
}

/**
 * A client for one PayPal app (client id and secret). It keeps its access token until shortly
 * before it expires, and fetches one at a time however many calls need it: keep one client per
 * set of credentials rather than one per call.
 */
export function createPayPalClient(
  credentials: PayPalCredentials,
  env: Pick<Env, "PAYPAL_API_URL">,
  options: PayPalClientOptions = {},
): PayPalClient {
  const apiBase = payPalApiBase(credentials.environment, env);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const now = options.now ?? Date.now;
  const basicAuth = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64");

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;
  /** Every token this client was given: none may appear in an error's text. */
  const tokensSeen = new Set<string>();

  /** Removes what must never be shown from text PayPal (or the network) wrote. */
  function redact(text: string): string {
    let safe = text;
    for (const secret of [credentials.clientSecret, basicAuth, ...tokensSeen]) {
      if (secret) safe = safe.split(secret).join("<hidden>");
    }
    return safe;
  }

  async function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  async function fetchToken(): Promise<string> {
    const answer = await send(
      { operation: "get an access token", method: "POST", path: "/v1/oauth2/token", schema: tokenSchema },
      {
        authorization: `Basic ${basicAuth}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      "grant_type=client_credentials",
      Date.now() + deadlineMs,
    );
    const lifetime = answer.expires_in * 1000;
    tokensSeen.add(answer.access_token);
    token = { value: answer.access_token, renewAt: now() + lifetime - Math.min(TOKEN_RENEWAL_MARGIN_MS, lifetime / 2) };
    return answer.access_token;
  }

  /** One call with a bearer token; a token PayPal no longer takes (401) is renewed once. */
  async function call<S extends z.ZodType>(request: Call<S>): Promise<z.output<S>> {
    let renewed = false;
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const headers: Record<string, string> = {};
      if (request.body !== undefined) headers["content-type"] = "application/json";
      if (request.requestId !== undefined) headers["paypal-request-id"] = checkedRequestId(request.requestId);
      if (request.representation) headers.prefer = "return=representation";
      // Outside the try: credentials PayPal refuses (401 for the token) are not renewed.
      const bearer = await accessToken();
      headers.authorization = `Bearer ${bearer}`;
      try {
        const body = request.body === undefined ? undefined : JSON.stringify(request.body);
        return await send(request, headers, body, deadline);
      } catch (error) {
        if (renewed || !(error instanceof PayPalError) || error.status !== 401) throw error;
        renewed = true;
        if (token?.value === bearer) token = null;
      }
    }
  }

  /**
   * Sends one request, tried again on a network failure, a timeout, 429 or 5xx, `retries` times
   * at most and never past `deadline` (each attempt's timeout is cut to what is left).
   */
  async function send<S extends z.ZodType>(
    request: Pick<Call<S>, "operation" | "method" | "path" | "schema">,
    headers: Record<string, string>,
    body: string | undefined,
    deadline: number,
  ): Promise<z.output<S>> {
    for (let attempt = 0; ; attempt++) {
      try {
        const left = deadline - Date.now();
        if (left <= 0) {
          const message = `PayPal ${request.operation}: no answer within ${deadlineMs} ms`;
          throw new PayPalError(request.operation, "timeout", 0, null, [], null, message);
        }
        return await sendOnce(request, headers, body, Math.min(timeoutMs, left));
      } catch (error) {
        const retryable =
          error instanceof PayPalError &&
          (error.kind === "network" || error.kind === "timeout" || error.status === 429 || error.status >= 500);
        const pause = retryDelayMs * 2 ** attempt;
        if (!retryable || attempt >= retries || Date.now() + pause >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  async function sendOnce<S extends z.ZodType>(
    request: Pick<Call<S>, "operation" | "method" | "path" | "schema">,
    headers: Record<string, string>,
    body: string | undefined,
    attemptMs: number,
  ): Promise<z.output<S>> {
    const { operation } = request;
    let status = 0;
    let text: string;
    let debugId: string | null = null;
    try {
      const response = await fetch(`${apiBase}${request.path}`, {
        method: request.method,
        headers: { accept: "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(attemptMs),
        redirect: "error",
      });
      status = response.status;
      debugId = response.headers.get("paypal-debug-id");
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const kind = timedOut ? "timeout" : "network";
      const what = timedOut
        ? `no answer within ${attemptMs} ms`
        : `PayPal could not be reached (${networkReason(error)})`;
      throw new PayPalError(operation, kind, status, null, [], null, redact(`PayPal ${operation}: ${what}`));
    }
    const json = parseJson(text);
    if (status < 200 || status > 299) throw apiError(operation, status, json, debugId);
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw new PayPalError(
        operation,
        "invalid-response",
        status,
        null,
        [],
        debugId,
        `PayPal ${operation}: the answer (${status}) lacks what the shop reads (${parsed.error.issues
          .slice(0, 3)
          .map((issue) => issue.path.join(".") || "body")
          .join(", ")})`,
      );
    }
    return parsed.data;
  }

  function apiError(operation: string, status: number, json: unknown, headerDebugId: string | null): PayPalError {
    const parsed = errorBodySchema.safeParse(json);
    const body = parsed.success ? parsed.data : null;
    const paypalName = body?.name ?? body?.error ?? null;
    const issues = (body?.details ?? []).flatMap((detail) => (detail.issue ? [detail.issue] : []));
    const description = body?.details.find((detail) => detail.description)?.description ?? body?.error_description;
    const said = [paypalName, issues.length ? `(${issues.join(", ")})` : null].filter(Boolean).join(" ");
    const message = `PayPal ${operation}: ${status}${said ? ` ${said}` : ""}${description ? `: ${description}` : ""}`;
    return new PayPalError(
      operation,
      "api",
      status,
      paypalName,
      issues,
      body?.debug_id ?? headerDebugId,
      redact(message.slice(0, 500)),
    );
  }

  return {
    environment: credentials.environment,
    apiBase,
    createOrder: async (order, { requestId }) =>
      call({
        operation: "create order",
        method: "POST",
        path: "/v2/checkout/orders",
        body: orderRequestBody(order),
        requestId,
        representation: true,
        schema: orderSchema,
      }),
    getOrder: async (orderId) =>
      call({
        operation: "get order",
        method: "GET",
        path: `/v2/checkout/orders/${pathId(orderId)}`,
        schema: orderSchema,
      }),
    captureOrder: async (orderId, { requestId }) =>
      call({
        operation: "capture order",
        method: "POST",
        path: `/v2/checkout/orders/${pathId(orderId)}/capture`,
        body: {},
        requestId,
        representation: true,
        schema: orderSchema,
      }),
    getCapture: async (captureId) =>
      call({
        operation: "get capture",
        method: "GET",
        path: `/v2/payments/captures/${pathId(captureId)}`,
        schema: captureSchema,
      }),
    refundCapture: async (captureId, refund) =>
      call({
        operation: "refund capture",
        method: "POST",
        path: `/v2/payments/captures/${pathId(captureId)}/refund`,
        body: refundRequestBody(refund),
        requestId: refund.requestId,
        representation: true,
        schema: refundSchema,
      }),
    async verifyWebhookSignature({ headers, webhookId, event }) {
      const read = (name: string) => headerValue(headers, name);
      const signed = {
        auth_algo: read("paypal-auth-algo"),
        cert_url: read("paypal-cert-url"),
        transmission_id: read("paypal-transmission-id"),
        transmission_sig: read("paypal-transmission-sig"),
        transmission_time: read("paypal-transmission-time"),
      };
      if (!webhookId || Object.values(signed).some((value) => !value) || event === null || typeof event !== "object") {
        return false;
      }
      // What PayPal always sends; anything else is refused without a call to PayPal.
      if (signed.auth_algo !== WEBHOOK_AUTH_ALGO || !isPayPalCertUrl(signed.cert_url, apiBase)) return false;
      const answer = await call({
        operation: "verify webhook signature",
        method: "POST",
        path: "/v1/notifications/verify-webhook-signature",
        body: { ...signed, webhook_id: webhookId, webhook_event: event },
        schema: verificationSchema,
      });
      return answer.verification_status === "SUCCESS";
    },
  };
}

/** PayPal's order request: one purchase unit whose breakdown adds up to its amount, by construction. */
function orderRequestBody(order: NewPayPalOrder): unknown {
  const currency = order.currency.toUpperCase();
  const value = (cents: number) => ({ currency_code: currency, value: centsToPayPalValue(cents, currency) });
  if (order.items.length === 0) throw new RangeError("A PayPal order needs at least one item");
  let itemTotal = 0;
  const items = order.items.map((item) => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new RangeError(`Not a quantity: ${item.quantity}`);
    }
    itemTotal += item.unitAmount * item.quantity;
    return {
      name: cut(item.name),
      quantity: String(item.quantity),
      unit_amount: value(item.unitAmount),
      ...(item.sku ? { sku: cut(item.sku) } : {}),
      ...(item.category ? { category: item.category } : {}),
    };
  });
  const shipping = order.shipping ?? 0;
  const tax = order.tax ?? 0;
  const discount = order.discount ?? 0;
  const total = itemTotal + shipping + tax - discount;
  if (total <= 0) throw new RangeError("A PayPal order's total must be more than zero");
  const breakdown = {
    item_total: value(itemTotal),
    ...(shipping ? { shipping: value(shipping) } : {}),
    ...(tax ? { tax_total: value(tax) } : {}),
    ...(discount ? { discount: value(discount) } : {}),
  };
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        ...(order.referenceId ? { reference_id: checkedText(order.referenceId, "referenceId", 256) } : {}),
        ...(order.customId ? { custom_id: checkedText(order.customId, "customId") } : {}),
        ...(order.invoiceId ? { invoice_id: checkedText(order.invoiceId, "invoiceId") } : {}),
        ...(order.description ? { description: cut(order.description) } : {}),
        amount: { ...value(total), breakdown },
        items,
        ...(order.payeeMerchantId ? { payee: { merchant_id: order.payeeMerchantId } } : {}),
        ...(order.shipTo ? { shipping: shippingBody(order.shipTo) } : {}),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: order.returnUrl,
          cancel_url: order.cancelUrl,
          user_action: order.userAction ?? "PAY_NOW",
          shipping_preference: order.shippingPreference ?? "NO_SHIPPING",
          ...(order.brandName ? { brand_name: cut(order.brandName) } : {}),
          ...(order.locale ? { locale: order.locale } : {}),
        },
      },
    },
  };
}

/** A purchase unit's `shipping`, each part cut to PayPal's limit. */
function shippingBody(to: PayPalShippingAddress): unknown {
  const part = (text: string, max: number) => [...text].slice(0, max).join("");
  return {
    type: "SHIPPING",
    name: { full_name: part(to.fullName, 300) },
    address: {
      address_line_1: part(to.addressLine1, 300),
      admin_area_2: part(to.city, 120),
      ...(to.region ? { admin_area_1: part(to.region, 300) } : {}),
      ...(to.postalCode ? { postal_code: part(to.postalCode, 60) } : {}),
      country_code: to.countryCode.toUpperCase(),
    },
  };
}

function refundRequestBody(refund: NewPayPalRefund): unknown {
  return {
    ...(refund.amount === undefined
      ? {}
      : {
          amount: {
            currency_code: refund.currency.toUpperCase(),
            value: centsToPayPalValue(refund.amount, refund.currency),
          },
        }),
    ...(refund.customId ? { custom_id: checkedText(refund.customId, "customId") } : {}),
    ...(refund.invoiceId ? { invoice_id: checkedText(refund.invoiceId, "invoiceId") } : {}),
    ...(refund.noteToPayer ? { note_to_payer: refund.noteToPayer.slice(0, 255) } : {}),
  };
}

/** Text PayPal shows, cut to its limit on a character boundary. */
function cut(text: string): string {
  return [...text].slice(0, MAX_TEXT_LENGTH).join("");
}

/** An id the shop reads back: never cut (it would no longer match), refused when too long. */
function checkedText(text: string, field: string, max = MAX_TEXT_LENGTH): string {
  if (text.length > max) throw new RangeError(`${field} is longer than PayPal's ${max} characters`);
  return text;
}

function checkedRequestId(requestId: string): string {
  if (requestId.length === 0 || requestId.length > MAX_REQUEST_ID_LENGTH || !/^[\x21-\x7e]+$/.test(requestId)) {
    throw new RangeError(`A PayPal-Request-Id is 1 to ${MAX_REQUEST_ID_LENGTH} visible ASCII characters`);
  }
  return requestId;
}

/** An id in a URL path: PayPal's are letters and digits; anything else is escaped, never a new path. */
function pathId(id: string): string {
  if (!id) throw new RangeError("A PayPal id must not be empty");
  return encodeURIComponent(id);
}

function headerValue(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const value = Array.isArray(entry) ? entry[0] : entry;
  return value ?? null;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : "unknown error";
}
