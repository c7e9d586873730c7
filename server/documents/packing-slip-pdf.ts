import { setImmediate as nextTurn } from "node:timers/promises";
import { formatLongDate } from "#common/dates.ts";
import type { OrderDocument, PackingSlipsDocument } from "./order-document.ts";
import {
  COLORS,
  contentArea,
  drawBlock,
  drawFields,
  drawFooters,
  drawParagraph,
  drawTable,
  openPdf,
  useFont,
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
  const continued = () => {
    useFont(doc, "regular", 9, COLORS.muted).text(`Packing slip ${order.orderId} (continued)`, area.left, area.top, {
      width: area.width,
    });
    doc.y += 10;
  };

  const leftWidth = area.width * 0.48;
  useFont(doc, "bold", 15).text(seller.name, area.left, area.top, { width: leftWidth });
  doc.y += 2;
  useFont(doc, "regular", 9.5);
  for (const line of [...seller.postalAddress, seller.contactEmail])
    doc.text(line, area.left, doc.y, { width: leftWidth });
  const sellerBottom = doc.y;
  const rightX = area.left + leftWidth + 18;
  const rightWidth = area.right - rightX;
  useFont(doc, "bold", 20).text("PACKING SLIP", rightX, area.top, { width: rightWidth, align: "right" });
  const fields: [string, string][] = [
    ["Order number", order.orderId],
    ["Order date", formatLongDate(order.orderDate)],
  ];
  if (order.shippingMethodName) fields.push(["Shipping", order.shippingMethodName]);
  if (order.customer.poNumber) fields.push(["PO number", order.customer.poNumber]);
  const fieldsBottom = drawFields(doc, fields, { x: rightX, y: doc.y + 6, width: rightWidth, labelWidth: 92 });
  doc.y = Math.max(sellerBottom, fieldsBottom) + 20;

  const gap = 24;
  const columnWidth = (area.width - gap) / 2;
  const blocksTop = doc.y;
  const shipBottom = drawBlock(doc, "Ship to", order.shipTo.length > 0 ? order.shipTo : ["—"], {
    x: area.left,
    y: blocksTop,
    width: columnWidth,
  });
  const { customer } = order;
  const buyer = [customer.name, customer.organisation, customer.email, customer.phone].filter((line): line is string =>
    Boolean(line && line.trim()),
  );
  const buyerBottom = drawBlock(doc, "Ordered by", buyer, {
    x: area.left + columnWidth + gap,
    y: blocksTop,
    width: columnWidth,
  });
  doc.y = Math.max(shipBottom, buyerBottom) + 18;

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
