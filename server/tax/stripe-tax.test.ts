import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { placeOrder } from "#server/checkout/place-order.ts";
import { quoteCheckoutTax } from "#server/checkout/quote-checkout-tax.ts";
import { AppError } from "#server/errors/app-error.ts";
import { createLogger } from "#server/logging/logger.ts";
import { cancelOrder } from "#server/orders/cancel-order.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { enableCardPayments, enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { startStripeStandIn, type StripeStandIn } from "#tests/support/stripe-stand-in.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { orderActionDeps, TEST_APP_SECRET } from "#tests/support/test-orders.ts";
import { insertExemptCustomer, setTaxRates } from "#tests/support/tax-settings.ts";
import { calculateTax, collectsSalesTax } from "./calculate-tax.ts";
import { PRINTED_BOOK_TAX_CODE, SHIPPING_TAX_CODE } from "./stripe-tax-calculator.ts";
import { recordStripeTaxTransactions, reversalReference } from "./stripe-tax-transactions.ts";
import { saveTaxSettings, stripeTaxAvailable } from "./tax-settings.ts";

/** Stripe Tax (decision 40) against the Stripe stand-in: quotes, orders, transactions, outage. */
describe.each(TEST_ENGINES)("Stripe Tax on %s", (engine) => {
  let testDb: TestDatabase;
  let standIn: StripeStandIn;
  beforeEach(async () => {
    standIn = await startStripeStandIn();
    testDb = await createTestDatabase(engine);
    await enableCardPayments(db(), TEST_APP_SECRET);
    await enableInvoicePayments(db());
    await setTaxRates(db(), [], { mode: "stripe-tax", appSecret: TEST_APP_SECRET });
  });
  afterEach(async () => {
    await testDb?.cleanup();
    await standIn?.close();
  });
  const db = () => testDb.handle.db;
  const env = () => ({ APP_SECRET: TEST_APP_SECRET, STRIPE_API_URL: standIn.url });
  const quote = (values: Partial<Parameters<typeof calculateTax>[1]> = {}) =>
    calculateTax(
      { db: db(), env: env() },
      {
        lines: [
          { lineTotalCents: 1499, id: "book-a" },
          { lineTotalCents: 3499, id: "book-b" },
        ],
        shippingCents: 500,
        country: "US",
        region: "IL",
        postalCode: "62701",
        userId: null,
        at: new Date(),
        ...values,
      },
    );
  const calculationRequests = () => standIn.requests().filter((r) => r.path === "/v1/tax/calculations");

  it("is offered only with a Stripe secret key: without one, choosing it is refused and nothing stored", async () => {
    expect(await stripeTaxAvailable({ db: db(), env: env() })).toBe(true);
    await setTaxRates(db(), [], { mode: "none", appSecret: TEST_APP_SECRET });
    await db().updateTable("store_settings").set({ stripe_secret_key_encrypted: null }).execute();
    expect(await stripeTaxAvailable({ db: db(), env: env() })).toBe(false);
    const form = { taxMode: "stripe-tax", homeState: null, rates: [] };
    await expect(saveTaxSettings({ db: db(), clock: () => new Date(), env: env() }, { form })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { taxMode: expect.stringMatching(/secret key/) },
    });
    expect(await db().selectFrom("store_settings").select("tax_mode").executeTakeFirst()).toEqual({ tax_mode: "none" });
  });

  it("quotes the stand-in's rate, with a tax code per line and for shipping, and the address", async () => {
    expect(await collectsSalesTax({ db: db() })).toBe(true);
    // 4998 × 6.25 % = 312.375; Illinois does not tax shipping here.
    const taxed = await quote();
    expect(taxed).toMatchObject({
      taxCents: 312,
      lines: [{ jurisdiction: "US-IL", label: "Illinois", rateThousandths: 6250, taxableCents: 4998, taxCents: 312 }],
      exemption: null,
    });
    expect(taxed.calculationId).toMatch(/^taxcalc_/);
    expect(calculationRequests()[0]?.body).toEqual({
      currency: "usd",
      line_items: [
        { amount: "1499", reference: "1:book-a", tax_code: PRINTED_BOOK_TAX_CODE },
        { amount: "3499", reference: "2:book-b", tax_code: PRINTED_BOOK_TAX_CODE },
      ],
      shipping_cost: { amount: "500", tax_code: SHIPPING_TAX_CODE },
      customer_details: { address: { country: "US", state: "IL", postal_code: "62701" }, address_source: "shipping" },
    });
    // New York taxes shipping: (4998 + 500) × 8 % = 439.84.
    expect(await quote({ region: "NY", postalCode: "10001" })).toMatchObject({ taxCents: 440 });
    expect(await quote({ region: "OR", postalCode: "97201" })).toMatchObject({ taxCents: 0, lines: [] });
  });

  it("asks as customer_exempt for a buyer with an approved certificate, and charges a pending one", async () => {
    const { userId, certificateId } = await insertExemptCustomer(db(), { state: "IL", certificateNumber: "IL-77" });
    const exempt = await quote({ userId });
    expect(exempt).toMatchObject({ taxCents: 0, lines: [], exemption: { status: "approved", certificateId } });
    const last = calculationRequests().at(-1)!;
    expect(last.body).toMatchObject({ customer_details: { taxability_override: "customer_exempt" } });
    expect(standIn.taxCalculations.get(exempt.calculationId!)).toMatchObject({ tax_amount_exclusive: 0 });

    const pending = await insertExemptCustomer(db(), { state: "IL", status: "pending" });
    expect(await quote({ userId: pending.userId })).toMatchObject({ taxCents: 312, exemption: { status: "pending" } });
  });

  it("refuses clearly when Stripe cannot be reached: no quote, no order", async () => {
    standIn.failTax(true);
    const refusal = await quote().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "UNAVAILABLE", reason: "tax-unavailable" });
    expect((refusal as AppError).message).toMatch(/could not be computed/);

    const bookId = await insertTestBook(db(), { title: "Ruth", priceCents: 2000, stock: 5 });
    const { id: shippingMethodId } = await firstShippingMethod(db());
    const deps = { db: db(), database: testDb.handle, clock: () => new Date(), env: env() };
    const form = testCheckoutForm({
      email: "buyer@example.com",
      paymentMethod: "invoice",
      items: `${bookId}:1`,
      shippingMethodId,
    });
    await expect(placeOrder(deps, { form, userId: null, clientAddress: "203.0.113.9" })).rejects.toMatchObject({
      code: "UNAVAILABLE",
    });
    expect(await db().selectFrom("orders").select("id").execute()).toEqual([]);
    expect(await db().selectFrom("books").select("stock").where("id", "=", bookId).executeTakeFirst()).toEqual({
      stock: 5,
    });

    // The checkout page's quote says the same; once Stripe answers again, it quotes.
    const pageQuote = { items: `${bookId}:1`, country: "US", region: "IL", postalCode: "62701", shippingMethodId };
    await expect(
      quoteCheckoutTax({ db: db(), clock: () => new Date(), env: env() }, { ...pageQuote, userId: null }),
    ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    standIn.failTax(false);
    expect(
      await quoteCheckoutTax({ db: db(), clock: () => new Date(), env: env() }, { ...pageQuote, userId: null }),
    ).toMatchObject({ taxCents: 125 });
  });

  it("places an order with Stripe's tax and calculation, refusing a tax other than the page showed", async () => {
    const bookId = await insertTestBook(db(), { title: "Esther", priceCents: 2000, stock: 5 });
    const { id: shippingMethodId } = await firstShippingMethod(db());
    const deps = { db: db(), database: testDb.handle, clock: () => new Date(), env: env() };
    const form = (quotedTaxCents: string) =>
      testCheckoutForm({
        email: "buyer@example.com",
        paymentMethod: "invoice",
        items: `${bookId}:2`,
        shippingMethodId,
        quotedTaxCents,
      });
    // 4000 × 6.25 % = 250
    await expect(
      placeOrder(deps, { form: form("249"), userId: null, clientAddress: "203.0.113.9" }),
    ).rejects.toMatchObject({ code: "CONFLICT", reason: "price-changed" });
    const { orderId } = await placeOrder(deps, { form: form("250"), userId: null, clientAddress: "203.0.113.9" });
    const order = await db()
      .selectFrom("orders")
      .select(["tax_cents", "total_cents", "subtotal_cents", "shipping_cents", "stripe_tax_calculation_id"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ tax_cents: 250, subtotal_cents: 4000 });
    expect(order.total_cents).toBe(4000 + order.shipping_cents + 250);
    expect(standIn.taxCalculations.get(order.stripe_tax_calculation_id!)).toMatchObject({ tax_amount_exclusive: 250 });
    expect(
      await db().selectFrom("order_tax_lines").select(["label", "tax_cents"]).where("order_id", "=", orderId).execute(),
    ).toEqual([{ label: "Illinois", tax_cents: 250 }]);
  });

  it("records a transaction for a placed invoice and a paid card order, reverses it on cancellation, once", async () => {
    const bookId = await insertTestBook(db(), { title: "Joel", priceCents: 2000, stock: 9 });
    const { id: shippingMethodId } = await firstShippingMethod(db());
    const deps = { db: db(), database: testDb.handle, clock: () => new Date(), env: env() };
    const place = async (paymentMethod: string) =>
      (
        await placeOrder(deps, {
          form: testCheckoutForm({ email: "buyer@example.com", paymentMethod, items: `${bookId}:1`, shippingMethodId }),
          userId: null,
          clientAddress: "203.0.113.9",
        })
      ).orderId;
    const invoiceOrder = await place("invoice");
    const cardOrder = await place("card");
    const jobDeps = { db: db(), env: env(), logger: createLogger("silent") };

    // The card order is not paid yet: only the invoice is confirmed.
    expect(await recordStripeTaxTransactions(jobDeps)).toEqual({ recorded: [invoiceOrder], reversed: [], failed: [] });
    // The card payment arrives (as the payment process records it).
    await db()
      .updateTable("orders")
      .set({ payment_status: "paid", amount_paid_cents: 2000, payment_reference: "pi_test_1" })
      .where("id", "=", cardOrder)
      .execute();

    // Stripe down: nothing recorded, nothing lost, the next run does it.
    standIn.failTax(true);
    expect(await recordStripeTaxTransactions(jobDeps)).toEqual({ recorded: [], reversed: [], failed: [cardOrder] });
    standIn.failTax(false);
    expect(await recordStripeTaxTransactions(jobDeps)).toEqual({ recorded: [cardOrder], reversed: [], failed: [] });
    expect(await recordStripeTaxTransactions(jobDeps)).toEqual({ recorded: [], reversed: [], failed: [] });

    const rows = await db()
      .selectFrom("orders")
      .select(["id", "stripe_tax_calculation_id", "stripe_tax_transaction_id"])
      .orderBy("order_date")
      .execute();
    for (const row of rows) {
      expect(standIn.taxTransactions.get(row.stripe_tax_transaction_id!)).toMatchObject({
        type: "transaction",
        reference: row.id,
        calculation: row.stripe_tax_calculation_id,
      });
    }

    await cancelOrder(orderActionDeps(db(), new Date(), standIn.url), { orderId: invoiceOrder });
    expect(await recordStripeTaxTransactions(jobDeps)).toEqual({ recorded: [], reversed: [invoiceOrder], failed: [] });
    expect(await recordStripeTaxTransactions(jobDeps)).toEqual({ recorded: [], reversed: [], failed: [] });
    // The card order refunded in full (as the payment process records it): reversed too.
    await db()
      .updateTable("orders")
      .set({ payment_status: "refunded", amount_refunded_cents: 2000 })
      .where("id", "=", cardOrder)
      .execute();
    expect(await recordStripeTaxTransactions(jobDeps)).toEqual({ recorded: [], reversed: [cardOrder], failed: [] });
    const reversals = [...standIn.taxTransactions.values()].filter((t) => t.type === "reversal");
    expect(reversals).toEqual([
      expect.objectContaining({ reference: reversalReference(invoiceOrder), mode: "full", tax_amount: -125 }),
      expect.objectContaining({ reference: reversalReference(cardOrder), mode: "full", tax_amount: -125 }),
    ]);
    const txRequests = standIn.requests().filter((r) => r.path.startsWith("/v1/tax/transactions"));
    expect(txRequests.every((r) => r.idempotencyKey?.startsWith("tax-"))).toBe(true);
  });
});
