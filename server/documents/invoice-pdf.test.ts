import { describe, expect, it } from "vitest";
import { pdfFonts, pdfPages, pdfPageSizes, pdfText } from "#tests/support/pdf-text.ts";
import { TEST_SELLER, testLines, testOrderDocument } from "#tests/support/order-documents.ts";
import type { InvoiceDocument, OrderDocument } from "./order-document.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";

const CREATED_AT = new Date("2026-11-20T10:00:05.000Z");

function invoice(order: Partial<OrderDocument> = {}, more: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const doc = testOrderDocument(order);
  return {
    seller: TEST_SELLER,
    order: doc,
    invoiceDate: doc.orderDate,
    dueDate: "2026-12-20T10:00:00.000Z",
    paymentTerms: "Net 30",
    balanceDueCents: doc.totalCents - doc.amountPaidCents,
    createdAt: CREATED_AT,
    ...more,
  };
}

describe("renderInvoicePdf", () => {
  it("prints the seller, the invoice's number and dates, bill-to, ship-to, the lines and totals as selectable text", async () => {
    const bytes = await renderInvoicePdf(invoice());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "Little Scrolls Press",
      "400 Mustard Seed Way, Suite 7",
      "Nashville, TN 37201",
      "hello@littlescrolls.example",
      "INVOICE",
      "Invoice number ORD-7K3M9Q2XJD4P",
      "Invoice date November 20, 2026",
      "Due date December 20, 2026",
      "Payment terms Net 30",
      "Status Awaiting payment",
      "BILL TO Grace Hopper St. Mark's School buyer@example.com +1 555 0100 PO number: PO-7731",
      "SHIP TO Grace Hopper St. Mark's School 12 Elm Street Springfield, IL 62704 United States",
      "Item Qty Unit price Amount",
      "Noah's Ark 2 $12.50 $25.00",
      "Ruth & Naomi 1 $9.99 $9.99",
      "Subtotal $34.99",
      "Shipping (Standard Shipping) $5.99",
      "Total $40.98",
      "Amount paid $0.00",
      "Balance due $40.98",
      "Payment method: Invoice / purchase order.",
      "Please pay $40.98 by December 20, 2026, quoting the invoice number ORD-7K3M9Q2XJD4P.",
      "Where to pay: Little Scrolls Press, 400 Mustard Seed Way, Suite 7, Nashville, TN 37201.",
      "write to hello@littlescrolls.example",
    ]) {
      expect(text).toContain(expected);
    }
    // No tax line until the tax work gives one.
    expect(text).not.toMatch(/tax/i);
    expect(await pdfPageSizes(bytes)).toEqual([[612, 792]]);
  });

  it("embeds DejaVu Sans, regular and bold, and no other font", async () => {
    const fonts = pdfFonts(await renderInvoicePdf(invoice()));
    expect(fonts.names).toHaveLength(2);
    expect(fonts.names.every((name) => /^[A-Z]{6}\+DejaVuSans(-Bold)?$/.test(name))).toBe(true);
    expect(fonts.embedded).toBe(2);
  });

  it("prints tax per state, or the buyer's exemption certificate, when the order has them", async () => {
    const taxed = await pdfText(
      await renderInvoicePdf(
        invoice({
          taxLines: [
            { label: "Illinois sales tax (6.25%)", cents: 219 },
            { label: "Cook County tax (1.75%)", cents: 61 },
          ],
          totalCents: 4378,
        }),
      ),
    );
    expect(taxed).toContain("Shipping (Standard Shipping) $5.99 Illinois sales tax (6.25%) $2.19 Cook County tax");
    expect(taxed).toContain("Total $43.78");
    const exempt = await pdfText(await renderInvoicePdf(invoice({ taxExemptCertificate: "ST-5-0042-77" })));
    expect(exempt).toContain("Tax exempt: certificate ST-5-0042-77 $0.00");
  });

  it("prints a discount code's line between the subtotal and shipping (decision 39)", async () => {
    const text = await pdfText(
      await renderInvoicePdf(invoice({ discount: { code: "SPRING-10", cents: 360 }, totalCents: 3597 })),
    );
    expect(text).toContain("Discount (SPRING-10) -$3.60 Shipping (Standard Shipping) $5.99");
    expect(text).toContain("Total $35.97");
  });

  it("leaves the seller's postal address out when the store has none", async () => {
    const text = await pdfText(await renderInvoicePdf({ ...invoice(), seller: { ...TEST_SELLER, postalAddress: [] } }));
    expect(text).toContain("Little Scrolls Press hello@littlescrolls.example");
    expect(text).toContain("Where to pay: Little Scrolls Press. For payment details");
    expect(text).not.toContain("Mustard Seed");
  });

  it("says a paid, partly refunded card order owes nothing, without invoice terms", async () => {
    const text = await pdfText(
      await renderInvoicePdf(
        invoice(
          {
            paymentMethod: "card",
            paymentStatus: "partially_refunded",
            amountPaidCents: 4098,
            amountRefundedCents: 1000,
            customer: { name: "Ann", organisation: null, email: "ann@example.com", phone: null, poNumber: null },
          },
          { paymentTerms: null, dueDate: "2026-11-20T10:00:00.000Z", balanceDueCents: 0 },
        ),
      ),
    );
    expect(text).toContain("Due date November 20, 2026");
    expect(text).toContain("Status Partially refunded");
    expect(text).toContain("Amount paid $40.98 Refunded $10.00 Balance due $0.00");
    expect(text).toContain("Payment method: Card (Stripe). Paid in full. Thank you!");
    expect(text).not.toContain("Payment terms");
    expect(text).not.toContain("PO number");
    expect(text).not.toContain("Where to pay");
  });

  it("says a cancelled order owes nothing, and prints terms it cannot count without a due date", async () => {
    const cancelled = await pdfText(
      await renderInvoicePdf(invoice({ status: "Cancelled", paymentStatus: "voided" }, { balanceDueCents: 0 })),
    );
    expect(cancelled).toContain("Status Cancelled");
    expect(cancelled).toContain("This order was cancelled: nothing is due.");
    const uncounted = await pdfText(await renderInvoicePdf(invoice({}, { dueDate: null, paymentTerms: "Net 10 EOM" })));
    expect(uncounted).toContain("Due date See payment terms");
    expect(uncounted).toContain("Please pay $40.98, quoting the invoice number");
    expect(uncounted).toContain("Payment terms: Net 10 EOM.");
  });

  it("wraps long titles in their column and flows 60 lines onto further pages, the table header on each", async () => {
    const longTitle =
      "The Very Long Illustrated Story of Noah, the Ark, Forty Days and Forty Nights of Rain, and the Rainbow of God's Promise";
    const lines = testLines(60, (i) => (i === 1 ? longTitle : `Story ${i + 1}`));
    const bytes = await renderInvoicePdf(
      invoice({ lines, subtotalCents: 60 * 1299, totalCents: 60 * 1299 + 599 }, { balanceDueCents: 60 * 1299 + 599 }),
    );
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [index, page] of pages.entries()) {
      expect(page.replace(/\s+/g, " "), `page ${index + 1}`).toContain("Item Qty Unit price Amount");
      expect(page, `page ${index + 1}`).toContain(`Invoice ORD-7K3M9Q2XJD4P · Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(page).toContain("Invoice ORD-7K3M9Q2XJD4P (continued)");
    }
    const text = pages.join("\n").replace(/\s+/g, " ");
    // Wrapped onto several lines of its cell (no line holds all of it), the title still reads as one.
    expect(pages[0]!.split("\n").some((line) => line.includes(longTitle))).toBe(false);
    expect(text).toContain(longTitle);
    for (let i = 1; i <= 60; i++) if (i !== 2) expect(text).toContain(`Story ${i} 1 $12.99 $12.99`);
    expect(pages[0]).toContain("Story 1 ");
    expect(pages.at(-1)).toContain("Story 60 ");
    expect(pages.at(-1)).toContain("Balance due $785.39");
    expect(await pdfPageSizes(bytes)).toEqual(pages.map(() => [612, 792]));
  });
});
