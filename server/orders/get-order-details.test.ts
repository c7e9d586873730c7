import { describe, expect, it } from "vitest";
import { useFixture } from "#tests/support/test-fixture.ts";
import { createTestDatabase, TEST_ENGINES } from "#tests/support/test-database.ts";
import { getOrderDetails } from "./get-order-details.ts";

describe.each(TEST_ENGINES)("getOrderDetails on %s", (engine) => {
  const testDb = useFixture(() => createTestDatabase(engine, { seeded: true }), "all");

  it("returns the order with its items and line totals, in order", async () => {
    const db = testDb.handle.db;
    const books = await db.selectFrom("books").select(["title", "price_cents"]).execute();
    const price = (title: string) => books.find((b) => b.title === title)!.price_cents;
    const noah = "Noah's Ark and the Promise of the Rainbow";
    const david = "David and Goliath: The Shepherd Boy's Courage";

    const details = await getOrderDetails({ db }, { orderId: "ORD-2025-001" });

    expect(details).toEqual({
      id: "ORD-2025-001",
      orderDate: "2025-06-02T09:15:00.000Z",
      customerEmail: "sarah.miller@example.com",
      totalCents: price(noah) + 2 * price(david),
      status: "Shipped",
      estimatedDelivery: "2025-06-12",
      updatedAt: "2025-06-06T17:45:00.000Z",
      items: [
        { id: expect.any(String), title: noah, quantity: 1, unitPriceCents: price(noah), lineTotalCents: price(noah) },
        {
          id: expect.any(String),
          title: david,
          quantity: 2,
          unitPriceCents: price(david),
          lineTotalCents: 2 * price(david),
        },
      ],
      // A sample from before checkout: no buyer details, paid, its seeded tracking steps.
      customerName: null,
      phone: null,
      organisation: null,
      poNumber: null,
      shippingAddress: [],
      shippingMethodName: null,
      shippingCents: 0,
      subtotalCents: price(noah) + 2 * price(david),
      discount: null,
      tax: { taxCents: 0, lines: [], exemptCertificateNumber: null },
      currency: "USD",
      paymentMethod: null,
      paymentStatus: "paid",
      paymentReference: null,
      paypalOrderId: null,
      paidAt: null,
      amountPaidCents: price(noah) + 2 * price(david),
      amountRefundedCents: 0,
      history: expect.arrayContaining([
        expect.objectContaining({ status: "Shipped", customerVisible: true, note: null }),
      ]),
      trackingNumbers: [],
      notes: [],
    });
  });

  it("keeps the sold title and price after the book is deleted", async () => {
    const db = testDb.handle.db;
    await db.deleteFrom("books").where("title", "=", "The Birth of Jesus: A Savior in a Manger").execute();
    const details = await getOrderDetails({ db }, { orderId: "ORD-2025-002" });
    expect(details.items).toHaveLength(1);
    expect(details.items[0]).toMatchObject({ title: "The Birth of Jesus: A Savior in a Manger", quantity: 3 });
    expect(details.items[0]!.lineTotalCents).toBe(details.totalCents);
  });

  it("throws NOT_FOUND for an unknown id", async () => {
    for (const id of ["ORD-9999-999", "ord-2025-001", ""]) {
      await expect(getOrderDetails(testDb.handle, { orderId: id })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "This order could not be found.",
      });
    }
  });
});
