import { describe, expect, it } from "vitest";
import { pdfFonts, pdfPages, pdfPageSizes, pdfText } from "#tests/support/pdf-text.ts";
import { TEST_SELLER, testLines, testOrderDocument } from "#tests/support/order-documents.ts";
import { renderPackingSlipsPdf } from "./packing-slip-pdf.ts";

const CREATED_AT = new Date("2026-11-21T08:00:00.000Z");

describe("renderPackingSlipsPdf", () => {
  it("prints the seller, the order, ship-to, the buyer and the quantities, and no price", async () => {
    const bytes = await renderPackingSlipsPdf({
      seller: TEST_SELLER,
      orders: [testOrderDocument()],
      createdAt: CREATED_AT,
    });
    const text = await pdfText(bytes);
    for (const expected of [
      "Little Scrolls Press 400 Mustard Seed Way, Suite 7 Nashville, TN 37201 hello@littlescrolls.example",
      "PACKING SLIP",
      "Order number ORD-7K3M9Q2XJD4P",
      "Order date November 20, 2026",
      "Shipping Standard Shipping",
      "PO number PO-7731",
      "SHIP TO Grace Hopper St. Mark's School 12 Elm Street Springfield, IL 62704 United States",
      "ORDERED BY Grace Hopper St. Mark's School buyer@example.com +1 555 0100",
      "Item Qty Packed",
      "Noah's Ark 2",
      "Ruth & Naomi 1",
      "3 items in 2 lines.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/\$|Total|Subtotal|Price|Amount|Balance/i);
    expect(await pdfPageSizes(bytes)).toEqual([[612, 792]]);
    expect(pdfFonts(bytes).names.every((name) => /\+DejaVuSans(-Bold)?$/.test(name))).toBe(true);
  });

  it("puts each ticked order on its own pages, numbered per slip, and flows a 60-line order with its header", async () => {
    const big = testOrderDocument({ orderId: "ORD-BIG", lines: testLines(60) });
    const small = testOrderDocument({ orderId: "ORD-SMALL", lines: testLines(1, () => "Jonah and the Whale") });
    const pages = await pdfPages(
      await renderPackingSlipsPdf({ seller: TEST_SELLER, orders: [big, small], createdAt: CREATED_AT }),
    );
    const bigPages = pages.filter((page) => page.includes("Packing slip ORD-BIG"));
    expect(bigPages.length).toBeGreaterThanOrEqual(2);
    expect(pages).toHaveLength(bigPages.length + 1);
    for (const [index, page] of bigPages.entries()) {
      expect(page).toContain("Item Qty Packed");
      expect(page).toContain(`Packing slip ORD-BIG · Page ${index + 1} of ${bigPages.length}`);
    }
    const bigText = bigPages.join("\n").replace(/\s+/g, " ");
    for (let i = 1; i <= 60; i++) expect(bigText).toContain(`Story ${i} 1`);
    expect(bigText).toContain("60 items in 60 lines.");
    const last = pages.at(-1)!;
    expect(last).toContain("Order number ORD-SMALL");
    expect(last).toContain("Jonah and the Whale 1");
    expect(last).toContain("1 item in 1 line.");
    expect(last).not.toContain("Story");
    // A slip that fits one page says so without counting.
    expect(last).toMatch(/Packing slip ORD-SMALL$/);
  });
});
