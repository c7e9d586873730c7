import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestOrder, orderActionDeps, paidCardOrder } from "#tests/support/test-orders.ts";
import { cancelOrder } from "./cancel-order.ts";
import { describeReleaseResult, listUnpaidHoldsByClient, releaseUnpaidHolds } from "./unpaid-holds-by-client.ts";

describe.each(TEST_ENGINES)("unpaid holds by client on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();
  const db = () => testDb.handle.db;

  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    const bookId = await insertTestBook(db(), { title: "Jonah", stock: 500 });
    const held = (
      clientKey: string | null,
      quantity: number,
      order: NonNullable<Parameters<typeof insertTestOrder>[1]>["order"] = {},
    ) =>
      insertTestOrder(db(), {
        lines: [{ bookId, title: "Jonah", unitPriceCents: 999, quantity }],
        order: { payment_method: "invoice", payment_status: "awaiting_payment", client_key: clientKey, ...order },
      });
    return { bookId, held };
  }

  const stockOf = async (id: string) =>
    (await db().selectFrom("books").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

  it("lists the clients holding stock unpaid, the largest first, leaving out paid, shipped and unknown", async () => {
    const { held } = await setUp();
    await held("198.51.100.9", 10, { order_date: "2026-11-20T08:00:00.000Z" });
    await held("198.51.100.9", 15, { payment_method: "card", order_date: "2026-11-20T09:00:00.000Z" });
    await held("2001:db8:1:2::/64", 30);
    await held("192.0.2.1", 50, paidCardOrder());
    await held("192.0.2.2", 50, { status: "Shipped" });
    await held(null, 50);
    expect(await listUnpaidHoldsByClient({ db: db() })).toEqual([
      { clientKey: "2001:db8:1:2::/64", orders: 1, units: 30, oldestAt: "2026-11-20T10:00:00.000Z" },
      { clientKey: "198.51.100.9", orders: 2, units: 25, oldestAt: "2026-11-20T08:00:00.000Z" },
    ]);
  });

  it("releases one client's unpaid orders: cancelled, stock back, other clients untouched", async () => {
    const { bookId, held } = await setUp();
    const first = await held("198.51.100.9", 10);
    const second = await held("198.51.100.9", 15, { payment_method: "card" });
    const other = await held("192.0.2.1", 5);
    expect(await stockOf(bookId)).toBe(470);

    const result = await releaseUnpaidHolds(orderActionDeps(db()), { clientKey: "198.51.100.9" });
    expect(result).toEqual({ clientKey: "198.51.100.9", released: 2, skipped: 0, failed: [], remaining: 0 });
    expect(describeReleaseResult(result)).toBe(
      "2 unpaid orders of 198.51.100.9 cancelled; their items are back in stock.",
    );
    expect(await stockOf(bookId)).toBe(495);
    const orders = await db()
      .selectFrom("orders")
      .select(["id", "status", "payment_status"])
      .where("id", "in", [first, second, other])
      .execute();
    expect(Object.fromEntries(orders.map((o) => [o.id, [o.status, o.payment_status]]))).toEqual({
      [first]: ["Cancelled", "voided"],
      [second]: ["Cancelled", "voided"],
      [other]: ["Pending", "awaiting_payment"],
    });
    // A second click (a double-click, another admin) finds nothing left to release.
    await expect(releaseUnpaidHolds(orderActionDeps(db()), { clientKey: "198.51.100.9" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This client holds no unpaid orders now.",
    });
    expect(await listUnpaidHoldsByClient({ db: db() })).toEqual([
      expect.objectContaining({ clientKey: "192.0.2.1", units: 5 }),
    ]);
  });
  it("leaves an order paid meanwhile as it is: not cancelled, not refunded, its stock still out", async () => {
    const { bookId, held } = await setUp();
    const paid = await held("198.51.100.9", 10, paidCardOrder());
    const result = await cancelOrder(orderActionDeps(db()), { orderId: paid, onlyWhileUnpaid: true });
    expect(result).toMatchObject({ changed: false, refundedCents: 0, status: "Pending", paymentStatus: "paid" });
    expect(await stockOf(bookId)).toBe(490);
    expect(
      describeReleaseResult({ clientKey: "198.51.100.9", released: 1, skipped: 1, failed: [], remaining: 0 }),
    ).toBe(
      "1 unpaid order of 198.51.100.9 cancelled; their items are back in stock. 1 paid or cancelled meanwhile was left as it was.",
    );
  });
});
