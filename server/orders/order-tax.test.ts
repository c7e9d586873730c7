import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { getOrderConfirmation } from "#server/checkout/get-order-confirmation.ts";
import { placeOrder } from "#server/checkout/place-order.ts";
import { getSalesOverview } from "#server/dashboard/sales-overview.ts";
import { renderInvoicePdf } from "#server/documents/invoice-pdf.ts";
import { loadInvoiceDocument } from "#server/documents/load-order-document.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertExemptCustomer, setTaxRates } from "#tests/support/tax-settings.ts";
import { ORDERS_CSV_HEADER, ordersCsvStream } from "./orders-csv.ts";
import { getOrderDetails } from "./get-order-details.ts";
import { renderOrderMail } from "./order-mails.ts";

/** A taxed order and an exempt one, as every place that shows an order shows their tax. */
describe.each(TEST_ENGINES)("an order's sales tax, wherever it is shown, on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();
  const db = () => testDb.handle.db;
  const clock = () => new Date();

  async function placeTwo() {
    setTestDb(await createTestDatabase(engine));
    await enableInvoicePayments(db(), { terms: "Net 30" });
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    const bookId = await insertTestBook(db(), { title: "Jonah", priceCents: 2000, stock: 10 });
    const { id: shippingMethodId } = await firstShippingMethod(db());
    const deps = { db: db(), database: testDb.handle, clock, env: { APP_SECRET: "t".repeat(40) } };
    const place = async (email: string, userId: string | null) =>
      (
        await placeOrder(deps, {
          form: testCheckoutForm({ email, paymentMethod: "invoice", items: `${bookId}:2`, shippingMethodId }),
          userId,
          clientAddress: "203.0.113.20",
        })
      ).orderId;
    const taxed = await place("taxed@example.com", null);
    const { userId } = await insertExemptCustomer(db(), { state: "IL", certificateNumber: "IL-900" });
    const exempt = await place("church@example.com", userId);
    return { taxed, exempt };
  }

  it("shows it on the confirmation, in the mails, the admin details, the invoice and the CSV", async () => {
    const { taxed, exempt } = await placeTwo();
    const viewer = { userId: "staff", isAdmin: true };
    const confirmation = await getOrderConfirmation({ db: db() }, { orderId: taxed, viewer, placedOrderIds: [] });
    expect(confirmation).toMatchObject({
      subtotalCents: 4000,
      totalCents: 4000 + 500 + 250,
      tax: {
        taxCents: 250,
        lines: [{ label: "Illinois", rate: "6.25 %", taxCents: 250 }],
        exemptCertificateNumber: null,
      },
      exemptionPending: false,
    });
    expect(await getOrderConfirmation({ db: db() }, { orderId: exempt, viewer, placedOrderIds: [] })).toMatchObject({
      tax: { taxCents: 0, lines: [], exemptCertificateNumber: "IL-900" },
      totalCents: 4500,
    });

    const mailDeps = { db: db(), clock, env: { PUBLIC_URL: "https://shop.example" } };
    const mail = await renderOrderMail(mailDeps, { kind: "order-confirmation", orderId: taxed });
    expect(mail?.text).toContain("Sales tax (Illinois, 6.25 %)");
    expect(mail?.text).toContain("$2.50");
    const exemptMail = await renderOrderMail(mailDeps, { kind: "invoice", orderId: exempt });
    expect(exemptMail?.text).toContain("Sales tax (exempt: certificate IL-900)");

    expect((await getOrderDetails({ db: db() }, { orderId: taxed })).tax).toEqual({
      taxCents: 250,
      lines: [{ label: "Illinois", rate: "6.25 %", taxCents: 250 }],
      exemptCertificateNumber: null,
    });

    const invoice = await loadInvoiceDocument({ db: db(), clock }, { orderId: taxed });
    expect(invoice?.order).toMatchObject({ taxLines: [{ label: "Sales tax (Illinois, 6.25 %)", cents: 250 }] });
    const exemptInvoice = await loadInvoiceDocument({ db: db(), clock }, { orderId: exempt });
    expect(exemptInvoice?.order.taxExemptCertificate).toBe("IL-900");
    // The PDFs' text, read back.
    const taxedPdf = (await pdfText(await renderInvoicePdf(invoice!))).replace(/\s+/g, " ");
    expect(taxedPdf).toContain("Sales tax (Illinois, 6.25 %) $2.50");
    expect(taxedPdf).toContain("Total $47.50");
    const exemptPdf = (await pdfText(await renderInvoicePdf(exemptInvoice!))).replace(/\s+/g, " ");
    expect(exemptPdf).toContain("Tax exempt: certificate IL-900 $0.00");

    const csv = await new Response(
      ordersCsvStream({ db: db() }, { filter: { search: "", from: null, to: null } }),
    ).text();
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    const columns = header!.split(",");
    expect(columns).toEqual([...ORDERS_CSV_HEADER]);
    const byId = new Map(rows.map((row) => row.split(",")).map((cells) => [cells[0], cells]));
    const cell = (id: string, name: string) => byId.get(id)![columns.indexOf(name)];
    expect([cell(taxed, "tax"), cell(taxed, "total"), cell(taxed, "tax_exempt_certificate")]).toEqual([
      "2.50",
      "47.50",
      "",
    ]);
    expect([cell(exempt, "tax"), cell(exempt, "tax_exempt_certificate")]).toEqual(["0.00", "IL-900"]);
  });

  it("leaves it out of the dashboard's revenue, and adds it up per state", async () => {
    await placeTwo();
    const overview = await getSalesOverview({ db: db(), database: testDb.handle, clock });
    expect(overview.today).toEqual({ orders: 2, revenueCents: 2 * 4500, discountCents: 0 });
    expect(overview.taxByJurisdiction).toEqual([{ label: "Illinois", taxCents: 250 }]);
  });
});
