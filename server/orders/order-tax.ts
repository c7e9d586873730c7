import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { findTaxExemption } from "#server/tax-exemptions/find-tax-exemption.ts";
import { formatTaxRate, usStateCode } from "#common/tax/sales-tax.ts";

/** An order's sales tax as every page, mail and document shows it (decision 29). */
export interface OrderTaxView {
  taxCents: number;
  /** Per jurisdiction as charged: "Illinois", "6.25 %". */
  lines: { label: string; rate: string; taxCents: number }[];
  /** The number of the certificate that exempted the order. */
  exemptCertificateNumber: string | null;
}

/** The tax lines of some orders, by order id (one query). */
export async function loadOrderTaxLines(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, OrderTaxView["lines"]>> {
  const byOrder = new Map<string, OrderTaxView["lines"]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("order_tax_lines")
    .select(["order_id", "label", "rate_thousandths", "tax_cents"])
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("jurisdiction")
    .execute();
  for (const row of rows) {
    const lines = byOrder.get(row.order_id) ?? [];
    lines.push({ label: row.label, rate: formatTaxRate(row.rate_thousandths), taxCents: row.tax_cents });
    byOrder.set(row.order_id, lines);
  }
  return byOrder;
}

/** One order's tax view. */
export async function loadOrderTax(
  db: Kysely<Database>,
  order: { id: string; tax_cents: number; tax_exempt_certificate_number: string | null },
): Promise<OrderTaxView> {
  const lines = (await loadOrderTaxLines(db, [order.id])).get(order.id) ?? [];
  return { taxCents: order.tax_cents, lines, exemptCertificateNumber: order.tax_exempt_certificate_number };
}

/**
 * Whether a taxed order's buyer has a certificate for its state still waiting for review: the
 * confirmation then says the tax will be refunded on approval.
 */
export async function hasPendingExemption(
  db: Kysely<Database>,
  order: {
    user_id: string | null;
    tax_cents: number;
    ship_country: string | null;
    ship_region: string | null;
    order_date: string;
  },
): Promise<boolean> {
  const state = order.ship_country === "US" ? usStateCode(order.ship_region) : null;
  if (!order.user_id || order.tax_cents === 0 || !state) return false;
  const found = await findTaxExemption({ db }, { userId: order.user_id, state, at: new Date(order.order_date) });
  return found?.status === "pending";
}

/** "Sales tax (Illinois, 6.25 %)" rows of a text table, or one "Sales tax" row. */
export function taxRows(tax: OrderTaxView, money: (cents: number) => string): [string, string][] {
  if (tax.exemptCertificateNumber)
    return [[`Sales tax (exempt: certificate ${tax.exemptCertificateNumber})`, money(0)]];
  if (tax.lines.length === 0) return [["Sales tax", money(tax.taxCents)]];
  return tax.lines.map((line) => [`Sales tax (${line.label}, ${line.rate})`, money(line.taxCents)]);
}
