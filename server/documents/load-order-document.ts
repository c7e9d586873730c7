import { loadOrderTaxLines } from "#server/orders/order-tax.ts";
import type { Kysely, Selectable } from "kysely";
import type { Database, OrdersTable } from "#server/db/schema.ts";
import { countryName } from "#server/checkout/country-names.ts";
import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import type { DocumentSeller, InvoiceDocument, OrderDocument, OrderDocumentLine } from "./order-document.ts";
import { invoiceDueDate } from "./payment-terms.ts";

/** More ids than this in one query are refused by the caller first (the packing slips take 100). */
const MAX_ORDERS = 100;

/**
 * The seller as Store Settings has it: name, postal address (its lines) and contact address, and
 * the invoice terms; the defaults while no settings row exists.
 */
export async function loadDocumentSeller({
  db,
}: {
  db: Kysely<Database>;
}): Promise<{ seller: DocumentSeller; invoiceTerms: string | null }> {
  const row = await db
    .selectFrom("store_settings")
    .select(["store_name", "contact_email", "postal_address", "invoice_terms"])
    .where("id", "=", STORE_SETTINGS_ID)
    .executeTakeFirst();
  return {
    seller: {
      name: row?.store_name ?? DEFAULT_STORE_SETTINGS.storeName,
      contactEmail: row?.contact_email ?? DEFAULT_STORE_SETTINGS.contactEmail,
      postalAddress: (row?.postal_address ?? "")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    },
    invoiceTerms: row?.invoice_terms?.trim() || null,
  };
}

/**
 * The orders' documents, in the order of `orderIds` (each once); ids naming no order are left
 * out, so a caller compares what it asked for with what came back. At most 100 ids.
 */
export async function loadOrderDocuments(
  { db }: { db: Kysely<Database> },
  { orderIds }: { orderIds: readonly string[] },
): Promise<OrderDocument[]> {
  const ids = [...new Set(orderIds)].filter((id) => id !== "" && id.length <= 100);
  if (ids.length > MAX_ORDERS) throw new RangeError(`At most ${MAX_ORDERS} orders at a time.`);
  if (ids.length === 0) return [];
  const [orders, items, taxByOrder] = await Promise.all([
    db.selectFrom("orders").selectAll().where("id", "in", ids).execute(),
    db
      .selectFrom("order_items")
      .select(["order_id", "title", "quantity", "unit_price_cents"])
      .where("order_id", "in", ids)
      .orderBy("order_id")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    loadOrderTaxLines(db, ids),
  ]);
  const linesByOrder = new Map<string, OrderDocumentLine[]>();
  for (const item of items) {
    const lines = linesByOrder.get(item.order_id) ?? [];
    lines.push({
      title: item.title,
      quantity: item.quantity,
      unitPriceCents: item.unit_price_cents,
      lineTotalCents: item.unit_price_cents * item.quantity,
    });
    linesByOrder.set(item.order_id, lines);
  }
  const byId = new Map(orders.map((order) => [order.id, order]));
  return ids.flatMap((id) => {
    const order = byId.get(id);
    if (!order) return [];
    const document = orderDocument(order, linesByOrder.get(id) ?? []);
    // Tax per state as charged ("Sales tax (Illinois, 6.25 %)"), or the certificate that exempted it.
    const taxLines = (taxByOrder.get(id) ?? []).map((line) => ({
      label: `Sales tax (${line.label}, ${line.rate})`,
      cents: line.taxCents,
    }));
    if (taxLines.length === 0 && order.tax_cents > 0) taxLines.push({ label: "Sales tax", cents: order.tax_cents });
    return [
      {
        ...document,
        ...(order.discount_cents > 0
          ? { discount: { code: order.discount_code ?? "code", cents: order.discount_cents } }
          : {}),
        ...(taxLines.length > 0 ? { taxLines } : {}),
        ...(order.tax_exempt_certificate_number ? { taxExemptCertificate: order.tax_exempt_certificate_number } : {}),
      },
    ];
  });
}

/**
 * One order's invoice: invoice number = order id, invoice date = order date; for an invoice order
 * the store's terms and the due date they give (payment-terms.ts), for a card order (paid at
 * checkout) the order date. Null for an unknown id. Who may have it is the caller's check.
 */
export async function loadInvoiceDocument(
  { db, clock }: { db: Kysely<Database>; clock: () => Date },
  { orderId }: { orderId: string },
): Promise<InvoiceDocument | null> {
  const [[order], { seller, invoiceTerms }] = await Promise.all([
    loadOrderDocuments({ db }, { orderIds: [orderId] }),
    loadDocumentSeller({ db }),
  ]);
  if (!order) return null;
  const terms = order.paymentMethod === "invoice" ? invoiceTerms : null;
  return {
    seller,
    order,
    invoiceDate: order.orderDate,
    dueDate: invoiceDueDate(order.orderDate, terms),
    paymentTerms: terms,
    balanceDueCents: balanceDue(order),
    createdAt: clock(),
  };
}

/** What is left to pay: nothing on a cancelled or voided order, never less than nothing. */
export function balanceDue(
  order: Pick<OrderDocument, "status" | "paymentStatus" | "totalCents" | "amountPaidCents">,
): number {
  if (order.status === "Cancelled" || order.paymentStatus === "voided") return 0;
  return Math.max(0, order.totalCents - order.amountPaidCents);
}

function orderDocument(order: Selectable<OrdersTable>, lines: OrderDocumentLine[]): OrderDocument {
  // "Springfield, IL 62704", as a US address label writes it.
  const regionLine = [order.ship_region, order.ship_postal_code].filter(Boolean).join(" ");
  const cityLine = [order.ship_city, regionLine].filter(Boolean).join(", ");
  const shipTo = [
    order.customer_name,
    order.organisation,
    order.ship_street,
    cityLine,
    order.ship_country ? countryName(order.ship_country) : null,
  ];
  return {
    orderId: order.id,
    orderDate: order.order_date,
    status: order.status,
    currency: order.currency,
    customer: {
      name: order.customer_name,
      organisation: order.organisation,
      email: order.customer_email,
      phone: order.phone,
      poNumber: order.po_number,
    },
    // Only a name or organisation is no address: an order without one (the old samples) has none.
    shipTo: order.ship_street || cityLine ? shipTo.filter((line): line is string => Boolean(line?.trim())) : [],
    shippingMethodName: order.shipping_method_name,
    lines,
    subtotalCents: order.subtotal_cents,
    shippingCents: order.shipping_cents,
    totalCents: order.total_cents,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    amountPaidCents: order.amount_paid_cents,
    amountRefundedCents: order.amount_refunded_cents,
  };
}
