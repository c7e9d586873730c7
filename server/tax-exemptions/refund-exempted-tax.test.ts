import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { getOrderConfirmation } from "#server/checkout/get-order-confirmation.ts";
import { placeOrder } from "#server/checkout/place-order.ts";
import { getSalesOverview } from "#server/dashboard/sales-overview.ts";
import { markOrderPaid } from "#server/orders/mark-order-paid.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { orderActionDeps } from "#tests/support/test-orders.ts";
import { insertExemptCustomer, setTaxRates } from "#tests/support/tax-settings.ts";
import { listTaxCertificates } from "./list-tax-certificates.ts";
import { refundExemptedTax } from "./refund-exempted-tax.ts";
import { reviewTaxCertificate } from "./review-tax-certificate.ts";

/** Item 6 of issue 32: a certificate approved after its orders were taxed; staff refund the tax alone. */
describe.each(TEST_ENGINES)("refunding the tax on approval, on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();
  const db = () => testDb.handle.db;
  const clock = () => new Date();

  async function taxedWhilePending() {
    setTestDb(await createTestDatabase(engine));
    await enableInvoicePayments(db());
    await setTaxRates(db(), [
      { place: "US-IL", rate: "6.25" },
      { place: "US-TN", rate: "7" },
    ]);
    const bookId = await insertTestBook(db(), { title: "Psalms", priceCents: 2000, stock: 20 });
    const { id: shippingMethodId } = await firstShippingMethod(db());
    const { userId, certificateId } = await insertExemptCustomer(db(), {
      state: "IL",
      status: "pending",
      certificateNumber: "IL-500",
    });
    const deps = { db: db(), database: testDb.handle, clock, env: { APP_SECRET: "t".repeat(40) } };
    const place = async (values: Record<string, string>) => {
      const { orderId } = await placeOrder(deps, {
        form: testCheckoutForm({
          email: "treasurer@example.com",
          paymentMethod: "invoice",
          items: `${bookId}:2`,
          shippingMethodId,
          ...values,
        }),
        userId,
        clientAddress: "203.0.113.40",
      });
      return orderId;
    };
    // 4000 × 6.25 % = 250, twice; one to Tennessee (no certificate there), one not paid yet.
    const first = await place({});
    const second = await place({});
    const tennessee = await place({ region: "TN", postalCode: "37201", city: "Nashville" });
    const unpaid = await place({});
    for (const orderId of [first, second, tennessee]) await markOrderPaid({ db: db(), clock }, { orderId });
    // Any account can stand for the reviewer here (the route lets only admins review).
    return { certificateId, reviewerId: userId, first, second, tennessee, unpaid };
  }

  it("lists the paid orders to that state, refunds their tax alone once, and keeps revenue", async () => {
    const { certificateId, reviewerId, first, second } = await taxedWhilePending();
    const before = await getSalesOverview({ db: db(), database: testDb.handle, clock });

    const approved = await reviewTaxCertificate(
      { db: db(), clock },
      { reviewerId, certificateId, decision: "approve" },
    );
    expect(approved.taxedOrders).toBe(2);
    const list = await listTaxCertificates({ db: db(), clock }, { filter: "approved" });
    expect(list.certificates.items[0]?.taxedWhilePending.map((o) => [o.orderId, o.taxCents])).toEqual([
      [first, 250],
      [second, 250],
    ]);

    const staff = orderActionDeps(db(), new Date());
    expect(await refundExemptedTax(staff, { certificateId, orderId: first })).toEqual({
      refundedOrders: [first],
      refundedCents: 250,
      currency: "USD",
    });
    // A double-click, a second screen: nothing more.
    expect(await refundExemptedTax(staff, { certificateId, orderId: first })).toMatchObject({ refundedOrders: [] });
    // "All": only the one left.
    expect(await refundExemptedTax(staff, { certificateId, orderId: null })).toMatchObject({
      refundedOrders: [second],
      refundedCents: 250,
    });
    expect(await refundExemptedTax(staff, { certificateId, orderId: null })).toMatchObject({ refundedOrders: [] });

    const order = await db()
      .selectFrom("orders")
      .select(["payment_status", "amount_refunded_cents", "tax_refunded_cents", "tax_cents"])
      .where("id", "=", first)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      payment_status: "partially_refunded",
      amount_refunded_cents: 250,
      tax_refunded_cents: 250,
      tax_cents: 250,
    });
    // The order shows it: the confirmation (and order history) say the tax was refunded.
    const viewer = { userId: "staff", isAdmin: true };
    expect(await getOrderConfirmation({ db: db() }, { orderId: first, viewer, placedOrderIds: [] })).toMatchObject({
      taxRefundedCents: 250,
      exemptionPending: false,
    });
    const history = await db()
      .selectFrom("order_status_history")
      .select("note")
      .where("order_id", "=", first)
      .execute();
    expect(history.map((step) => step.note)).toContainEqual(
      "$2.50 sales tax refunded returned by staff (invoice order): exemption certificate IL-500 (Grace Church) approved",
    );
    expect(
      (await listTaxCertificates({ db: db(), clock }, { filter: "approved" })).certificates.items[0]?.taxedWhilePending,
    ).toEqual([]);

    // Revenue excludes tax, so giving the tax back loses none; the tax collected in Illinois falls.
    const after = await getSalesOverview({ db: db(), database: testDb.handle, clock });
    expect(after.today.revenueCents).toBe(before.today.revenueCents);
    expect(before.taxByJurisdiction).toContainEqual({ label: "Illinois", taxCents: 750 });
    expect(after.taxByJurisdiction).toContainEqual({ label: "Illinois", taxCents: 250 });
  });

  it("refuses a pending certificate's refund and an order that is not one of its own", async () => {
    const { certificateId, reviewerId, tennessee, unpaid } = await taxedWhilePending();
    const staff = orderActionDeps(db(), new Date());
    await expect(refundExemptedTax(staff, { certificateId, orderId: null })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await reviewTaxCertificate({ db: db(), clock }, { reviewerId, certificateId, decision: "approve" });
    for (const orderId of [tennessee, unpaid, "ORD-NOPE"]) {
      await expect(refundExemptedTax(staff, { certificateId, orderId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await db().selectFrom("orders").select("id").where("amount_refunded_cents", ">", 0).execute()).toEqual([]);
  });
});
