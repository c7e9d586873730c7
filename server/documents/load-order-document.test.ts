import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { TEST_DOCUMENT_BUYER } from "#tests/support/order-documents.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder, paidCardOrder } from "#tests/support/test-orders.ts";
import { getInvoicePdf } from "./get-invoice-pdf.ts";
import { getPackingSlipsPdf } from "./get-packing-slips-pdf.ts";
import { balanceDue, loadInvoiceDocument, loadOrderDocuments } from "./load-order-document.ts";

const NOW = new Date("2026-11-21T09:00:00.000Z");

describe.each(TEST_ENGINES)("order documents from the database on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    const { db } = testDb.handle;
    await enableInvoicePayments(db, { terms: "Net 30" });
    await db
      .updateTable("store_settings")
      .set({ store_name: "Quiet Hills Books", postal_address: "9 Vine Road\nFranklin, TN 37064" })
      .execute();
    return { db, deps: { db, clock: () => NOW } };
  }

  it("reads an invoice order's invoice: seller, terms and due date, buyer, ship-to, lines and balance", async () => {
    const { deps, db } = await setUp();
    const orderId = await insertTestOrder(db, {
      lines: [
        { bundleId: "pkg-disciple", title: "The Disciple's Set", unitPriceCents: 3499, quantity: 2 },
        { bundleId: "pkg-shepherd", title: "Noah's Ark", unitPriceCents: 999, quantity: 1 },
      ],
    });
    expect(await loadInvoiceDocument(deps, { orderId })).toEqual({
      seller: {
        name: "Quiet Hills Books",
        postalAddress: ["9 Vine Road", "Franklin, TN 37064"],
        contactEmail: expect.stringContaining("@"),
      },
      order: {
        orderId,
        orderDate: "2026-11-20T10:00:00.000Z",
        status: "Pending",
        currency: "USD",
        ...TEST_DOCUMENT_BUYER,
        shippingMethodName: "Standard Shipping",
        lines: [
          { title: "The Disciple's Set", quantity: 2, unitPriceCents: 3499, lineTotalCents: 6998 },
          { title: "Noah's Ark", quantity: 1, unitPriceCents: 999, lineTotalCents: 999 },
        ],
        subtotalCents: 7997,
        shippingCents: 599,
        totalCents: 8596,
        paymentMethod: "invoice",
        paymentStatus: "awaiting_payment",
        amountPaidCents: 0,
        amountRefundedCents: 0,
      },
      invoiceDate: "2026-11-20T10:00:00.000Z",
      dueDate: "2026-12-20T10:00:00.000Z",
      paymentTerms: "Net 30",
      balanceDueCents: 8596,
      createdAt: NOW,
    });
    expect(await loadInvoiceDocument(deps, { orderId: "ORD-NONE" })).toBeNull();
  });

  it("gives a card order no terms, the order date as due date, and what was paid and refunded", async () => {
    const { deps, db } = await setUp();
    const orderId = await insertTestOrder(db, { order: { ...paidCardOrder(), amount_refunded_cents: 500 } });
    const invoice = (await loadInvoiceDocument(deps, { orderId }))!;
    expect(invoice).toMatchObject({
      paymentTerms: null,
      dueDate: "2026-11-20T10:00:00.000Z",
      balanceDueCents: 0,
      order: { paymentMethod: "card", paymentStatus: "paid", amountPaidCents: 7597, amountRefundedCents: 500 },
    });
  });

  it("reads the seller's defaults without a settings row, and no address while it is empty", async () => {
    setTestDb(await createTestDatabase(engine));
    const { db } = testDb.handle;
    const orderId = await insertTestOrder(db);
    const invoice = (await loadInvoiceDocument({ db, clock: () => NOW }, { orderId }))!;
    expect(invoice.seller).toEqual({
      name: "Little Scrolls Press",
      postalAddress: [],
      contactEmail: "hello@littlescrolls.example",
    });
    // No terms stated: due on receipt.
    expect(invoice).toMatchObject({ paymentTerms: null, dueDate: invoice.invoiceDate });
  });

  it("reads several orders in the order asked, each once, leaving out unknown ids", async () => {
    const { db } = await setUp();
    const first = await insertTestOrder(db, { takeStock: false });
    const second = await insertTestOrder(db, {
      takeStock: false,
      order: {
        ship_street: null,
        ship_city: null,
        ship_region: null,
        ship_postal_code: null,
        ship_country: null,
      },
    });
    const documents = await loadOrderDocuments({ db }, { orderIds: [second, "ORD-NONE", first, second] });
    expect(documents.map((document) => document.orderId)).toEqual([second, first]);
    expect(documents[0]!.shipTo).toEqual([]);
    expect(documents[1]!.lines).toHaveLength(1);
    await expect(
      loadOrderDocuments({ db }, { orderIds: Array.from({ length: 101 }, (_, i) => `ORD-${i}`) }),
    ).rejects.toThrow(RangeError);
  });

  it("hands an invoice only to whoever may have it, and names the orders packing slips could not find", async () => {
    const { deps, db } = await setUp();
    const orderId = await insertTestOrder(db);
    const stranger = { userId: "u9", email: "x@example.com", emailVerified: true, isAdmin: false };
    expect(await getInvoicePdf(deps, { orderId, viewer: stranger, placedOrderIds: [] })).toBeNull();
    const file = (await getInvoicePdf(deps, { orderId, viewer: null, placedOrderIds: [orderId] }))!;
    expect(file.fileName).toBe(`invoice-${orderId}.pdf`);
    expect(await pdfText(file.bytes)).toContain(`Invoice number ${orderId}`);

    const slips = await getPackingSlipsPdf(deps, { orderIds: [orderId] });
    expect(slips.fileName).toBe(`packing-slip-${orderId}.pdf`);
    await expect(getPackingSlipsPdf(deps, { orderIds: [orderId, "ORD-GONE"] })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This order could not be found: ORD-GONE.",
    });
  });
});

describe("balanceDue", () => {
  it("is what is left of the total, never below nothing, and nothing once cancelled or voided", () => {
    const order = {
      status: "Pending",
      paymentStatus: "awaiting_payment",
      totalCents: 1000,
      amountPaidCents: 0,
    } as const;
    expect(balanceDue(order)).toBe(1000);
    expect(balanceDue({ ...order, amountPaidCents: 400 })).toBe(600);
    expect(balanceDue({ ...order, amountPaidCents: 1200, paymentStatus: "needs_review" })).toBe(0);
    expect(balanceDue({ ...order, status: "Cancelled" })).toBe(0);
    expect(balanceDue({ ...order, paymentStatus: "voided" })).toBe(0);
  });
});
