import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { AppError } from "#server/errors/app-error.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { orderAgain } from "./order-again.ts";
import { placeOrder } from "./place-order.ts";

const APP_SECRET = "s".repeat(40);

describe.each(TEST_ENGINES)("orderAgain on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();
  const db = () => testDb.handle.db;

  async function placed() {
    setTestDb(await createTestDatabase(engine));
    await enableInvoicePayments(db(), { terms: "Net 30" });
    const ids = {
      kept: await insertTestBook(db(), { title: "Kept", priceCents: 999, stock: null }),
      repriced: await insertTestBook(db(), { title: "Repriced", priceCents: 1499, stock: 50 }),
      fewer: await insertTestBook(db(), { title: "Fewer", priceCents: 1299, stock: 20 }),
      soldOut: await insertTestBook(db(), { title: "Sold Out", priceCents: 1099, stock: 5 }),
      deleted: await insertTestBook(db(), { title: "Deleted", priceCents: 899, stock: null }),
    };
    await db()
      .updateTable("books")
      .set({ price_breaks: JSON.stringify([{ minQuantity: 10, unitPriceCents: 899 }]) })
      .where("id", "=", ids.kept)
      .execute();
    const standard = await firstShippingMethod(db());
    const { orderId } = await placeOrder(
      { db: db(), database: testDb.handle, clock: () => new Date(), env: { APP_SECRET } },
      {
        form: testCheckoutForm({
          email: "buyer@example.com",
          paymentMethod: "invoice",
          organisation: "Grace Church",
          poNumber: "PO-9",
          items: `${ids.kept}:12,${ids.repriced}:2,${ids.fewer}:8,${ids.soldOut}:1,${ids.deleted}:1`,
          shippingMethodId: standard.id,
        }),
        userId: null,
        clientAddress: "203.0.113.20",
      },
    );
    return { ids, orderId };
  }

  const owner = { userId: "user-1", email: "buyer@example.com", emailVerified: true, isAdmin: false };

  it("prices the order's lines today and says what changed: gone, sold out, fewer left, price", async () => {
    const { ids, orderId } = await placed();
    await db().updateTable("books").set({ price_cents: 1599 }).where("id", "=", ids.repriced).execute();
    await db().updateTable("books").set({ stock: 3 }).where("id", "=", ids.fewer).execute();
    await db().updateTable("books").set({ stock: 0 }).where("id", "=", ids.soldOut).execute();
    await db().updateTable("order_items").set({ book_id: null }).where("book_id", "=", ids.deleted).execute();
    await db().deleteFrom("books").where("id", "=", ids.deleted).execute();

    const again = await orderAgain({ db: db() }, { orderId, viewer: owner, placedOrderIds: [] });
    expect(again.lines.map((line) => [line.title, line.quantity, line.unitPriceCents])).toEqual([
      ["Kept", 12, 899],
      ["Repriced", 2, 1599],
      ["Fewer", 3, 1299],
    ]);
    expect(again.adjustments.map((change) => change.message)).toEqual([
      '"Deleted" is no longer sold and was left out.',
      'The price of "Repriced" changed from $14.99 to $15.99.',
      'Only 3 of "Fewer" are left; your quantity was lowered.',
      '"Sold Out" is no longer available and was removed.',
    ]);
  });

  it("is refused, as an unknown order is, to anyone who may not see the order", async () => {
    const { orderId } = await placed();
    for (const viewer of [null, { ...owner, userId: "someone-else", email: "other@example.com" }]) {
      const refused = await orderAgain({ db: db() }, { orderId, viewer, placedOrderIds: [] }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("NOT_FOUND");
    }
    // The browser that placed it may (the confirmation page).
    await expect(orderAgain({ db: db() }, { orderId, viewer: null, placedOrderIds: [orderId] })).resolves.toMatchObject(
      {
        lines: expect.any(Array),
      },
    );
  });
});
