import { setImmediate as nextTurn } from "node:timers/promises";
import { formatLongDate } from "#common/dates.ts";
import type { OrderDocument, PackingSlipsDocument } from "./order-document.ts";
import {
  COLORS,
  contentArea,
  continuedHeading,
  drawBlockPair,
  drawFooters,
  drawLetterhead,
  drawParagraph,
  drawTable,
  openPdf,
  type Pdf,
} from "./pdf-layout.ts";

/**
 * Packing slips as one PDF: one slip per order, each starting on a new page and numbered on its
 * own ("Page 1 of 2"), with the seller, the order number and date, ship-to, the buyer and the
 * lines with their quantities and a box to tick. No prices: the slip goes in the parcel, and a
 * school's parcel is often opened by someone other than whoever paid.
 */
export async function renderPackingSlipsPdf(slips: PackingSlipsDocument): Promise<Buffer> {
  const { seller, orders } = slips;
  const { doc, finish } = await openPdf({
    title: orders.length === 1 ? `Packing slip ${orders[0]!.orderId}` : `Packing slips (${orders.length} orders)`,
    author: seller.name,
    createdAt: slips.createdAt,
  });
  const slipPages: { orderId: string; first: number; count: number }[] = [];
  for (const [index, order] of orders.entries()) {
    if (index > 0) {
      // Each slip is drawn in one go (synchronous pdfkit calls): between slips, let other requests in.
      await nextTurn();
      doc.addPage();
    }
    const first = doc.bufferedPageRange().count - 1;
    drawSlip(doc, seller, order);
    slipPages.push({ orderId: order.orderId, first, count: doc.bufferedPageRange().count - first });
  }
  for (const slip of slipPages) {
    drawFooters(doc, slip, (page, of) =>
      of > 1 ? `Packing slip ${slip.orderId} · Page ${page} of ${of}` : `Packing slip ${slip.orderId}`,
    );
  }
  return finish();
}

function drawSlip(doc: Pdf, seller: PackingSlipsDocument["seller"], order: OrderDocument): void {
  const area = contentArea(doc);
  const continued = continuedHeading(doc, `Packing slip ${order.orderId}`);

  const fields: [string, string][] = [
    ["Order number", order.orderId],
    ["Order date", formatLongDate(order.orderDate)],
  ];
  if (order.shippingMethodName) fields.push(["Shipping", order.shippingMethodName]);
  if (order.customer.poNumber) fields.push(["PO number", order.customer.poNumber]);
  drawLetterhead(doc, seller, { title: "PACKING SLIP", fields });

  const { customer } = order;
  const buyer = [customer.name, customer.organisation, customer.email, customer.phone].filter((line): line is string =>
    Boolean(line && line.trim()),
  );
  drawBlockPair(
    doc,
    { title: "Ship to", lines: order.shipTo.length > 0 ? order.shipTo : ["—"] },
    { title: "Ordered by", lines: buyer },
  );

  drawTable(doc, {
    columns: [
      { header: "Item", width: area.width - 60 - 64 },
      { header: "Qty", width: 60, align: "right" },
      { header: "Packed", width: 64, checkbox: true },
    ],
    rows: order.lines.map((line) => [line.title, String(line.quantity), ""]),
    onNewPage: continued,
  });

  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.y += 10;
  drawParagraph(
    doc,
    `${items} ${items === 1 ? "item" : "items"} in ${order.lines.length} ${order.lines.length === 1 ? "line" : "lines"}.`,
    {
      weight: "bold",
      onNewPage: continued,
    },
  );
  doc.y += 6;
  drawParagraph(doc, `Thank you for your order! Questions about it: ${seller.contactEmail}.`, {
    color: COLORS.muted,
    onNewPage: continued,
  });
}
