import { formatLongDate } from "#common/dates.ts";
import { formatMoney } from "#common/money/money.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from "#common/orders/payment-status.ts";
import type { InvoiceDocument, OrderDocument } from "./order-document.ts";
import {
  COLORS,
  contentArea,
  continuedHeading,
  drawBlockPair,
  drawFooters,
  drawLetterhead,
  drawParagraph,
  drawTable,
  ensureSpace,
  openPdf,
  useFont,
  type Pdf,
} from "./pdf-layout.ts";

/**
 * The invoice of one order as a PDF (US Letter, DejaVu Sans embedded, text selectable): the
 * seller with its postal and contact addresses, invoice number (the order id), invoice and due
 * dates, bill-to (with organisation and PO number) and ship-to, the lines, shipping, tax or the
 * buyer's exemption, the total, what was paid and refunded, the balance due and, for an invoice
 * order, its terms and where to pay. Amounts through the one money formatter, dates through the
 * one date module. Buyer-typed text appears only as values in its labelled blocks.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const { seller, order } = invoice;
  const money = (cents: number) => formatMoney(cents, order.currency);
  const { doc, finish } = await openPdf({
    title: `Invoice ${order.orderId}`,
    author: seller.name,
    createdAt: invoice.createdAt,
  });
  const area = contentArea(doc);
  const continued = continuedHeading(doc, `Invoice ${order.orderId}`);

  // The seller on the left, the invoice's own fields on the right.
  drawLetterhead(doc, seller, { title: "INVOICE", fields: invoiceFields(invoice) });

  // Bill to and ship to, side by side.
  drawBlockPair(
    doc,
    { title: "Bill to", lines: billToLines(order) },
    { title: "Ship to", lines: order.shipTo.length > 0 ? order.shipTo : ["—"] },
  );

  const numberWidth = 88;
  drawTable(doc, {
    columns: [
      { header: "Item", width: area.width - 44 - 2 * numberWidth },
      { header: "Qty", width: 44, align: "right" },
      { header: "Unit price", width: numberWidth, align: "right" },
      { header: "Amount", width: numberWidth, align: "right" },
    ],
    rows: order.lines.map((line) => [
      line.title,
      String(line.quantity),
      money(line.unitPriceCents),
      money(line.lineTotalCents),
    ]),
    onNewPage: continued,
  });

  doc.y += 10;
  drawTotals(doc, totalRows(invoice, money), continued);

  doc.y += 16;
  drawParagraph(doc, "Payment", { weight: "bold", size: 10.5, onNewPage: continued });
  doc.y += 3;
  for (const text of paymentParagraphs(invoice, money)) {
    drawParagraph(doc, text, { onNewPage: continued });
    doc.y += 4;
  }

  const range = doc.bufferedPageRange();
  drawFooters(doc, { first: range.start, count: range.count }, (page, of) =>
    of > 1 ? `Invoice ${order.orderId} · Page ${page} of ${of}` : `Invoice ${order.orderId}`,
  );
  return finish();
}

function invoiceFields(invoice: InvoiceDocument): [string, string][] {
  const { order } = invoice;
  const fields: [string, string][] = [
    ["Invoice number", order.orderId],
    ["Invoice date", formatLongDate(invoice.invoiceDate)],
    ["Due date", invoice.dueDate ? formatLongDate(invoice.dueDate) : "See payment terms"],
  ];
  if (invoice.paymentTerms) fields.push(["Payment terms", invoice.paymentTerms]);
  fields.push(["Status", order.status === "Cancelled" ? "Cancelled" : PAYMENT_STATUS_LABELS[order.paymentStatus]]);
  return fields;
}

function billToLines(order: OrderDocument): string[] {
  const { customer } = order;
  return [
    customer.name,
    customer.organisation,
    customer.email,
    customer.phone,
    customer.poNumber ? `PO number: ${customer.poNumber}` : null,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

function totalRows(invoice: InvoiceDocument, money: (cents: number) => string): TotalRow[] {
  const { order } = invoice;
  const rows: TotalRow[] = [
    { label: "Subtotal", value: money(order.subtotalCents) },
    ...(order.discount
      ? [{ label: `Discount (${order.discount.code})`, value: `-${money(order.discount.cents)}` }]
      : []),
    {
      label: order.shippingMethodName ? `Shipping (${order.shippingMethodName})` : "Shipping",
      value: money(order.shippingCents),
    },
  ];
  for (const tax of order.taxLines ?? []) rows.push({ label: tax.label, value: money(tax.cents) });
  if (order.taxExemptCertificate) {
    rows.push({ label: `Tax exempt: certificate ${order.taxExemptCertificate}`, value: money(0) });
  }
  rows.push({ label: "Total", value: money(order.totalCents), strong: true });
  rows.push({ label: "Amount paid", value: money(order.amountPaidCents) });
  if (order.amountRefundedCents > 0) rows.push({ label: "Refunded", value: money(order.amountRefundedCents) });
  rows.push({ label: "Balance due", value: money(invoice.balanceDueCents), strong: true });
  return rows;
}

/** The totals, right-aligned under the amounts, kept together on one page. */
function drawTotals(doc: Pdf, rows: readonly TotalRow[], onNewPage: () => void): void {
  const area = contentArea(doc);
  const valueWidth = 88;
  const labelWidth = 230;
  const x = area.right - valueWidth - labelWidth;
  const heightOf = (row: TotalRow) => {
    useFont(doc, row.strong ? "bold" : "regular", 9.5);
    return doc.heightOfString(row.label, { width: labelWidth - 10 }) + 5;
  };
  ensureSpace(
    doc,
    rows.reduce((sum, row) => sum + heightOf(row), 0),
    onNewPage,
  );
  for (const row of rows) {
    const y = doc.y;
    if (row.strong) {
      doc
        .save()
        .lineWidth(0.75)
        .strokeColor(COLORS.ink)
        .moveTo(x, y - 1)
        .lineTo(area.right, y - 1)
        .stroke()
        .restore();
    }
    useFont(doc, row.strong ? "bold" : "regular", 9.5).text(row.label, x, y + 2, {
      width: labelWidth - 10,
      align: "right",
    });
    const labelBottom = doc.y;
    doc.text(row.value, x + labelWidth, y + 2, { width: valueWidth - 5, align: "right" });
    doc.y = Math.max(labelBottom, doc.y) + 3;
  }
  doc.x = area.left;
}

/** How to pay, or that nothing is left to pay. */
function paymentParagraphs(invoice: InvoiceDocument, money: (cents: number) => string): string[] {
  const { order, seller } = invoice;
  const method = order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : null;
  const paragraphs: string[] = [];
  if (method) paragraphs.push(`Payment method: ${method}.`);
  if (order.status === "Cancelled" || order.paymentStatus === "voided") {
    paragraphs.push("This order was cancelled: nothing is due.");
    return paragraphs;
  }
  if (invoice.balanceDueCents === 0) {
    paragraphs.push("Paid in full. Thank you!");
    return paragraphs;
  }
  if (order.paymentMethod === "invoice") {
    const due = invoice.dueDate ? ` by ${formatLongDate(invoice.dueDate)}` : "";
    paragraphs.push(`Please pay ${money(invoice.balanceDueCents)}${due}, quoting the invoice number ${order.orderId}.`);
    if (invoice.paymentTerms) paragraphs.push(`Payment terms: ${invoice.paymentTerms}.`);
    const address = seller.postalAddress.length > 0 ? `, ${seller.postalAddress.join(", ")}` : "";
    paragraphs.push(
      `Where to pay: ${seller.name}${address}. For payment details or any question, write to ${seller.contactEmail}.`,
    );
  } else {
    paragraphs.push(
      `Payment status: ${PAYMENT_STATUS_LABELS[order.paymentStatus]}. For any question, write to ${seller.contactEmail}.`,
    );
  }
  return paragraphs;
}
