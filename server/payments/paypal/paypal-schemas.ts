import { z } from "zod";
import { payPalValueToCents } from "./paypal-money.ts";

/**
 * The parts of PayPal's answers and webhook events the shop reads (PayPal's names in, ours out:
 * amounts in integer cents, camelCase). Anything else PayPal sends is ignored; an answer without
 * what is read here is refused whole (PayPalError "invalid-response"), never half read.
 */

const paypalId = z.string().min(1).max(255);

const link = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });
const links = z.array(link).optional().default([]);

/** `{ currency_code, value }` → `{ currency, amount }` (cents), the value read exactly. */
const money = z
  .object({ currency_code: z.string().length(3), value: z.string() })
  .refine((m) => payPalValueToCents(m.value) !== null, { message: "not an amount", path: ["value"] })
  .transform((m) => ({ currency: m.currency_code.toUpperCase(), amount: payPalValueToCents(m.value)! }));

const statusDetails = z.object({ reason: z.string().optional() }).nullish();

/** The id at the end of the link `rel` names (`up` of a refund is its capture). */
function linkedId(list: z.infer<typeof links>, rel: string): string | null {
  const href = list.find((entry) => entry.rel === rel)?.href;
  const last = href ? new URL(href, "http://x").pathname.split("/").filter(Boolean).at(-1) : undefined;
  return last ? decodeURIComponent(last) : null;
}

/** A capture: the money taken from the buyer (`/v2/payments/captures/{id}`, or in an order). */
const captureSchema = z
  .object({
    id: paypalId,
    status: z.string().min(1),
    amount: money,
    final_capture: z.boolean().optional(),
    custom_id: z.string().nullish(),
    invoice_id: z.string().nullish(),
    status_details: statusDetails,
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).nullish(),
    create_time: z.string().optional(),
    links,
  })
  .transform((c) => ({
    id: c.id,
    /** COMPLETED, PENDING, DECLINED, PARTIALLY_REFUNDED, REFUNDED, FAILED. */
    status: c.status,
    /** Why a capture is PENDING or DECLINED (PENDING_REVIEW, ECHECK…), or null. */
    statusReason: c.status_details?.reason ?? null,
    amount: c.amount.amount,
    currency: c.amount.currency,
    /** The order it captured, when PayPal says (webhook events and captures read alone do). */
    orderId: c.supplementary_data?.related_ids?.order_id ?? null,
    customId: c.custom_id ?? null,
    invoiceId: c.invoice_id ?? null,
    createTime: c.create_time ?? null,
  }));

/** A refund of a capture (or, in PAYMENT.CAPTURE.REVERSED, the money a chargeback took back). */
const refundSchema = z
  .object({
    id: paypalId,
    status: z.string().min(1),
    amount: money,
    custom_id: z.string().nullish(),
    invoice_id: z.string().nullish(),
    status_details: statusDetails,
    create_time: z.string().optional(),
    links,
  })
  .transform((r) => ({
    id: r.id,
    /** COMPLETED, PENDING, FAILED, CANCELLED. */
    status: r.status,
    statusReason: r.status_details?.reason ?? null,
    amount: r.amount.amount,
    currency: r.amount.currency,
    /** The capture it pays back (its `up` link). */
    captureId: linkedId(r.links, "up"),
    customId: r.custom_id ?? null,
    invoiceId: r.invoice_id ?? null,
    createTime: r.create_time ?? null,
  }));

/** An order (Orders v2), with its one purchase unit (the shop makes orders of one). */
const orderSchema = z
  .object({
    id: paypalId,
    status: z.string().min(1),
    purchase_units: z
      .array(
        z.object({
          reference_id: z.string().optional(),
          custom_id: z.string().nullish(),
          invoice_id: z.string().nullish(),
          amount: money.optional(),
          payee: z.object({ merchant_id: z.string().optional() }).nullish(),
          payments: z
            .object({
              captures: z.array(captureSchema).optional().default([]),
              refunds: z.array(refundSchema).optional().default([]),
            })
            .nullish(),
        }),
      )
      .optional()
      .default([]),
    payer: z.object({ payer_id: z.string().optional() }).nullish(),
    payment_source: z.object({ paypal: z.object({ account_id: z.string().optional() }).nullish() }).nullish(),
    links,
  })
  .transform((o) => {
    const unit = o.purchase_units[0];
    return {
      id: o.id,
      /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, SAVED, VOIDED, COMPLETED. */
      status: o.status,
      /** Where the buyer approves it (`payer-action` with experience_context, `approve` without). */
      approveUrl: o.links.find((entry) => entry.rel === "payer-action" || entry.rel === "approve")?.href ?? null,
      payerId: o.payer?.payer_id ?? o.payment_source?.paypal?.account_id ?? null,
      referenceId: unit?.reference_id ?? null,
      customId: unit?.custom_id ?? null,
      invoiceId: unit?.invoice_id ?? null,
      /** Null when PayPal left the amount out (a minimal answer). */
      amount: unit?.amount?.amount ?? null,
      currency: unit?.amount?.currency ?? null,
      payeeMerchantId: unit?.payee?.merchant_id ?? null,
      captures: (unit?.payments?.captures ?? []).map((capture) => ({ ...capture, orderId: capture.orderId ?? o.id })),
      refunds: unit?.payments?.refunds ?? [],
    };
  });

export type PayPalCapture = z.output<typeof captureSchema>;
export type PayPalRefund = z.output<typeof refundSchema>;
export type PayPalOrder = z.output<typeof orderSchema>;

/** `POST /v1/oauth2/token`'s answer. */
export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
});

/** `POST /v1/notifications/verify-webhook-signature`'s answer. */
export const verificationSchema = z.object({ verification_status: z.string() });

/** An error answer: the REST shape (`name`, `details[].issue`) or OAuth's (`error`). */
export const errorBodySchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(z.object({ issue: z.string().optional(), description: z.string().optional() }))
    .optional()
    .default([]),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export { captureSchema, orderSchema, refundSchema };

const eventSchema = z.object({
  id: paypalId,
  event_type: z.string().min(1),
  resource_type: z.string().optional(),
  create_time: z.string().optional(),
  resource: z.record(z.string(), z.unknown()),
});

/** A webhook event as the shop reads it: its id and type, and what it is about. */
export interface PayPalEventFacts {
  id: string;
  type: string;
  /** CHECKOUT.ORDER.* events: the order. */
  order: PayPalOrder | null;
  /** PAYMENT.CAPTURE.COMPLETED, PENDING, DENIED (and DECLINED): the capture. */
  capture: PayPalCapture | null;
  /** PAYMENT.CAPTURE.REFUNDED and REVERSED: the refund (its captureId names the capture). */
  refund: PayPalRefund | null;
  /** CHECKOUT.PAYMENT-APPROVAL.REVERSED: the order PayPal cancelled after its approval. */
  reversedOrderId: string | null;
}

/** The events whose resource is a refund rather than a capture. */
export const PAYPAL_REFUND_EVENTS: ReadonlySet<string> = new Set([
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
]);

/**
 * What an event says, or null when it lacks what the shop reads (no id, a capture without an
 * amount...): such an event is refused, never half applied. Call it only on an event PayPal
 * verified (PayPalClient.verifyWebhookSignature). Events of other types need only an id and a type.
 */
export function readPayPalEvent(event: unknown): PayPalEventFacts | null {
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success) return null;
  const { id, event_type: type, resource } = parsed.data;
  const facts: PayPalEventFacts = { id, type, order: null, capture: null, refund: null, reversedOrderId: null };
  if (type === "CHECKOUT.PAYMENT-APPROVAL.REVERSED") {
    const orderId = z.object({ order_id: paypalId }).safeParse(resource);
    return orderId.success ? { ...facts, reversedOrderId: orderId.data.order_id } : null;
  }
  if (type.startsWith("CHECKOUT.ORDER.")) {
    const order = orderSchema.safeParse(resource);
    return order.success ? { ...facts, order: order.data } : null;
  }
  if (PAYPAL_REFUND_EVENTS.has(type)) {
    const refund = refundSchema.safeParse(resource);
    return refund.success && refund.data.captureId ? { ...facts, refund: refund.data } : null;
  }
  if (type.startsWith("PAYMENT.CAPTURE.")) {
    const capture = captureSchema.safeParse(resource);
    return capture.success ? { ...facts, capture: capture.data } : null;
  }
  return facts;
}
