import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { AppError } from "#server/errors/app-error.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertExemptCustomer, setTaxRates } from "#tests/support/tax-settings.ts";
import { PRICE_CHANGED_REASON, placeOrder } from "./place-order.ts";
import { quoteCheckoutTax } from "./quote-checkout-tax.ts";

const APP_SECRET = "s".repeat(40);

describe.each(TEST_ENGINES)("placeOrder with sales tax on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();
  const db = () => testDb.handle.db;
  const deps = () => ({ db: db(), database: testDb.handle, clock: () => new Date(), env: { APP_SECRET } });

  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    await enableInvoicePayments(db(), { terms: "Net 30" });
    const bookId = await insertTestBook(db(), { title: "Noah and the Ark", priceCents: 1499, stock: 10 });
    const standard = await firstShippingMethod(db());
    return { bookId, shippingMethodId: standard.id, shippingCents: standard.rate_cents };
  }

  const place = (values: Record<string, string>, userId: string | null = null) =>
    placeOrder(deps(), {
      form: testCheckoutForm({ email: "buyer@example.com", paymentMethod: "invoice", ...values }),
      userId,
      clientAddress: "203.0.113.9",
    });

  const stored = async (orderId: string) => ({
    order: await db()
      .selectFrom("orders")
      .select([
        "subtotal_cents",
        "shipping_cents",
        "tax_cents",
        "total_cents",
        "organisation",
        "tax_exempt_certificate_id",
        "tax_exempt_certificate_number",
      ])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow(),
    lines: await db()
      .selectFrom("order_tax_lines")
      .select(["jurisdiction", "label", "rate_thousandths", "taxable_cents", "tax_cents"])
      .where("order_id", "=", orderId)
      .execute(),
  });

  it("charges the quoted tax, stores it per state and adds it to the total", async () => {
    const { bookId, shippingMethodId, shippingCents } = await setUp();
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    const items = `${bookId}:2`;
    const quote = await quoteCheckoutTax(deps(), {
      items,
      country: "US",
      region: "Illinois",
      shippingMethodId,
      userId: null,
    });
    // 2998 × 6.25 % = 187.375
    expect(quote).toEqual({
      taxCents: 187,
      lines: [{ label: "Illinois", rate: "6.25 %", taxCents: 187 }],
      exemptCertificateNumber: null,
      exemptionPending: false,
    });
    const placed = await place({ items, shippingMethodId, region: "Illinois", quotedTaxCents: "187" });
    expect(await stored(placed.orderId)).toEqual({
      order: {
        subtotal_cents: 2998,
        shipping_cents: shippingCents,
        tax_cents: 187,
        total_cents: 2998 + shippingCents + 187,
        organisation: null,
        tax_exempt_certificate_id: null,
        tax_exempt_certificate_number: null,
      },
      lines: [
        { jurisdiction: "US-IL", label: "Illinois", rate_thousandths: 6250, taxable_cents: 2998, tax_cents: 187 },
      ],
    });
  });

  it("ships to a military post office or a territory with no state's tax, and says so", async () => {
    const { bookId, shippingMethodId } = await setUp();
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    for (const region of ["AE", "Guam"]) {
      const quote = await quoteCheckoutTax(deps(), {
        items: `${bookId}:1`,
        country: "US",
        region,
        shippingMethodId,
        userId: null,
      });
      expect(quote).toMatchObject({ taxCents: 0, lines: [] });
    }
    const placed = await place({ items: `${bookId}:1`, shippingMethodId, region: "AE", quotedTaxCents: "0" });
    expect((await stored(placed.orderId)).order.tax_cents).toBe(0);
  });

  it("refuses, before anything is stored, a tax other than the page showed (a rate changed since)", async () => {
    const { bookId, shippingMethodId } = await setUp();
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    const refused = await place({ items: `${bookId}:2`, shippingMethodId, quotedTaxCents: "0" }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "CONFLICT", reason: PRICE_CHANGED_REASON });
    const orders = await db().selectFrom("orders").select("id").execute();
    expect(orders).toEqual([]);
    const book = await db().selectFrom("books").select("stock").where("id", "=", bookId).executeTakeFirstOrThrow();
    expect(book.stock).toBe(10);
  });

  it("charges no tax to an untaxed state, and stores no tax lines", async () => {
    const { bookId, shippingMethodId, shippingCents } = await setUp();
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    const placed = await place({ items: `${bookId}:1`, shippingMethodId, region: "OR", quotedTaxCents: "0" });
    expect(await stored(placed.orderId)).toMatchObject({
      order: { tax_cents: 0, total_cents: 1499 + shippingCents },
      lines: [],
    });
  });

  it("exempts a signed-in church with an approved certificate, recording it and billing the organisation", async () => {
    const { bookId, shippingMethodId, shippingCents } = await setUp();
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    const { userId, certificateId } = await insertExemptCustomer(db(), {
      state: "IL",
      certificateNumber: "IL-2024-55",
      organisationName: "Grace Church",
    });
    const placed = await place({ items: `${bookId}:2`, shippingMethodId, quotedTaxCents: "0" }, userId);
    expect(await stored(placed.orderId)).toEqual({
      order: {
        subtotal_cents: 2998,
        shipping_cents: shippingCents,
        tax_cents: 0,
        total_cents: 2998 + shippingCents,
        organisation: "Grace Church",
        tax_exempt_certificate_id: certificateId,
        tax_exempt_certificate_number: "IL-2024-55",
      },
      lines: [],
    });
  });

  it("charges tax while the certificate is pending", async () => {
    const { bookId, shippingMethodId } = await setUp();
    await setTaxRates(db(), [{ place: "US-IL", rate: "6.25" }]);
    const { userId } = await insertExemptCustomer(db(), { state: "IL", status: "pending" });
    const quote = await quoteCheckoutTax(deps(), {
      items: `${bookId}:2`,
      country: "US",
      region: "IL",
      shippingMethodId,
      userId,
    });
    expect(quote).toMatchObject({ taxCents: 187, exemptionPending: true, exemptCertificateNumber: null });
    const placed = await place({ items: `${bookId}:2`, shippingMethodId, quotedTaxCents: "187" }, userId);
    expect(await stored(placed.orderId)).toMatchObject({
      order: { tax_cents: 187, tax_exempt_certificate_id: null },
    });
  });
});
