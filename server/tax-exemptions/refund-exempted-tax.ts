import type { Kysely } from "kysely";
import type { Database, Timestamp } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { refundOrderAmount, type OrderActionDeps } from "#server/orders/refund-order.ts";
import { usStateCode } from "#common/tax/sales-tax.ts";

/** An order taxed while its buyer's certificate was pending, whose tax can now be refunded alone. */
export interface TaxedWhilePendingOrder {
  orderId: string;
  orderDate: Timestamp;
  taxCents: number;
  currency: string;
}

interface CertificateFacts {
  id: string;
  user_id: string | null;
  state: string;
  submitted_at: Timestamp;
}

/** The request id of an order's tax-only refund: one per order, whoever asks and how often. */
const TAX_REFUND_REQUEST = "exemption-tax-refund";

/**
 * Per approved certificate, the orders of its account shipped to its state since it was sent
 * (taxed while it waited for review) whose tax was not refunded yet and can be: paid (or partly
 * refunded) with at least their tax left to refund. An invoice order not paid yet is not listed:
 * there is no money to give back (its invoice is corrected by staff). Certificates not approved
 * have none.
 */
export async function ordersTaxedWhilePending(
  db: Kysely<Database>,
  certificates: ReadonlyArray<{ id: string; status: string }>,
): Promise<Map<string, TaxedWhilePendingOrder[]>> {
  const result = new Map<string, TaxedWhilePendingOrder[]>();
  const approved = certificates.filter((c) => c.status === "approved").map((c) => c.id);
  if (approved.length === 0) return result;
  const facts = await db
    .selectFrom("tax_exemption_certificates")
    .select(["id", "user_id", "state", "submitted_at"])
    .where("id", "in", approved)
    .execute();
  for (const certificate of facts) result.set(certificate.id, await eligibleOrders(db, certificate));
  return result;
}

async function eligibleOrders(db: Kysely<Database>, certificate: CertificateFacts): Promise<TaxedWhilePendingOrder[]> {
  if (!certificate.user_id) return [];
  const rows = await db
    .selectFrom("orders")
    .select(["id", "order_date", "tax_cents", "currency", "ship_region", "amount_paid_cents", "amount_refunded_cents"])
    .where("user_id", "=", certificate.user_id)
    .where("ship_country", "=", "US")
    .where("tax_cents", ">", 0)
    .where("tax_refunded_cents", "=", 0)
    .where("tax_exempt_certificate_id", "is", null)
    .where("order_date", ">=", certificate.submitted_at)
    .where("payment_status", "in", ["paid", "partially_refunded"])
    .orderBy("order_date")
    .limit(100)
    .execute();
  return rows
    .filter(
      (row) =>
        usStateCode(row.ship_region) === certificate.state &&
        row.amount_paid_cents - row.amount_refunded_cents >= row.tax_cents,
    )
    .map((row) => ({ orderId: row.id, orderDate: row.order_date, taxCents: row.tax_cents, currency: row.currency }));
}

/**
 * Staff refund the sales tax alone of the orders an approved certificate would have exempted
 * (issue 32 item 6): one order, or all of them (`orderId` null). Each through the one refund path
 * (refundOrderAmount: the provider first, then recordRefund in the payment process), with a
 * request id per order, so a double-click, a retry or a second screen refunds nothing twice; the
 * order's history says "sales tax refunded … certificate … approved" and its tax_refunded_cents
 * keeps the amount out of the dashboard's lost revenue. The buyer gets the refund mail.
 */
export async function refundExemptedTax(
  deps: OrderActionDeps,
  input: { certificateId: string; orderId: string | null },
): Promise<{ refundedOrders: string[]; refundedCents: number; currency: string | null }> {
  const certificate = await deps.db
    .selectFrom("tax_exemption_certificates")
    .select(["id", "user_id", "state", "submitted_at", "status", "certificate_number", "organisation_name"])
    .where("id", "=", input.certificateId)
    .executeTakeFirst();
  if (!certificate) throw new AppError("NOT_FOUND", "This certificate no longer exists.");
  if (certificate.status !== "approved") {
    throw new AppError("CONFLICT", "Only an approved certificate's orders can have their tax refunded.");
  }
  const eligible = await eligibleOrders(deps.db, certificate);
  const chosen = input.orderId === null ? eligible : eligible.filter((order) => order.orderId === input.orderId);
  if (input.orderId !== null && chosen.length === 0) {
    // Refunded already (a second click, another screen) or not one of this certificate's orders.
    const done = await deps.db
      .selectFrom("orders")
      .select("tax_refunded_cents")
      .where("id", "=", input.orderId)
      .where("user_id", "=", certificate.user_id)
      .executeTakeFirst();
    if (done && done.tax_refunded_cents > 0) return { refundedOrders: [], refundedCents: 0, currency: null };
    throw new AppError("NOT_FOUND", "This order has no sales tax to refund for this certificate.");
  }
  const why = `exemption certificate ${certificate.certificate_number} (${certificate.organisation_name}) approved`;
  const refundedOrders: string[] = [];
  let refundedCents = 0;
  for (const order of chosen) {
    const result = await refundOrderAmount(deps, {
      orderId: order.orderId,
      amountCents: order.taxCents,
      purpose: "tax",
      queueMail: true,
      requestId: TAX_REFUND_REQUEST,
      taxOnly: { why },
    });
    if (result.changed) {
      refundedOrders.push(order.orderId);
      refundedCents += result.refundedCents;
    }
  }
  return { refundedOrders, refundedCents, currency: chosen[0]?.currency ?? null };
}
