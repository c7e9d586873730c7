import type { Insertable } from "kysely";
import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import type { OrdersTable } from "#server/db/schema.ts";
import { insertDefaultSettings } from "#server/settings/default-settings.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { insertTestOrder, type TestOrderLine } from "#tests/support/test-orders.ts";
import { getSalesOverview } from "./sales-overview.ts";

const NOW = new Date("2026-11-22T15:00:00.000Z");

describe.each(TEST_ENGINES)("getSalesOverview on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  const deps = () => ({ db: testDb.handle.db, database: testDb.handle, clock: () => NOW });

  it("shows zeros for 30 days in an empty store", async () => {
    setTestDb(await createTestDatabase(engine));
    const overview = await getSalesOverview(deps());
    expect(overview).toMatchObject({
      currency: "USD",
      timeZone: "UTC",
      today: { orders: 0, revenueCents: 0, discountCents: 0 },
      last7Days: { orders: 0, revenueCents: 0, discountCents: 0 },
      last30Days: { orders: 0, revenueCents: 0, discountCents: 0 },
      topTitles: [],
      waitingToShip: { total: 0, orders: [] },
      lowStock: { threshold: 5, total: 0, books: [] },
    });
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0]).toEqual({ date: "2026-10-24", orders: 0, revenueCents: 0, discountCents: 0 });
    expect(overview.days.at(-1)).toEqual({ date: "2026-11-22", orders: 0, revenueCents: 0, discountCents: 0 });
  });

  it("adds up paid and invoice orders net of refunds, to the cent, by UTC day", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const noah = await insertTestBook(db, { title: "Noah's Ark", stock: 2 });
    const jonah = await insertTestBook(db, { title: "Jonah", stock: 5 });
    const david = await insertTestBook(db, { title: "David and Goliath", stock: 6 });
    await insertTestBook(db, { title: "Untracked", stock: null });
    const soldOut = await insertTestBook(db, { title: "Ruth", stock: 0 });

    const line = (bookId: string, title: string, unitPriceCents: number, quantity: number): TestOrderLine => ({
      bookId,
      title,
      unitPriceCents,
      quantity,
    });
    const place = (id: string, lines: TestOrderLine[], order: Partial<Insertable<OrdersTable>>) =>
      insertTestOrder(db, { lines, takeStock: false, order: { id, ...order } });
    const paidCard = { payment_method: "card", payment_status: "paid" } as const;

    // Counted: paid card today (2 × 12.50 + 5.99 = 30.99).
    await place("A", [line(noah, "Noah's Ark", 1250, 2)], { ...paidCard, order_date: "2026-11-22T10:00:00.000Z" });
    // Counted: an invoice awaiting payment, placed on the first millisecond of today (25.99).
    await place("B", [line(jonah, "Jonah", 2000, 1)], { order_date: "2026-11-22T00:00:00.000Z" });
    // Counted net of its 5.00 refund: 12.50 + 34.99 + 5.99 - 5.00 = 48.48; the bundle is no title.
    await place(
      "C",
      [
        line(noah, "Noah's Ark", 1250, 1),
        { bundleId: "pkg-disciple", title: "The Disciple's Set", unitPriceCents: 3499, quantity: 1 },
      ],
      {
        payment_method: "card",
        payment_status: "partially_refunded",
        amount_refunded_cents: 500,
        status: "Processing",
        order_date: "2026-11-19T12:00:00.000Z",
      },
    );
    // Not counted: a card order still waiting for its payment, a cancelled invoice order, a fully
    // refunded order, one in review, and one in another currency.
    const uncounted: [id: string, quantity: number, order: Partial<Insertable<OrdersTable>>][] = [
      ["D", 5, { payment_method: "card", payment_status: "awaiting_payment", order_date: "2026-11-22T11:00:00.000Z" }],
      ["E", 4, { status: "Cancelled", payment_status: "voided", order_date: "2026-11-22T12:00:00.000Z" }],
      [
        "F",
        3,
        {
          payment_method: "card",
          payment_status: "refunded",
          amount_refunded_cents: 4349,
          order_date: "2026-11-17T09:00:00.000Z",
        },
      ],
      ["L", 1, { payment_method: "card", payment_status: "needs_review", order_date: "2026-11-22T09:00:00.000Z" }],
      ["K", 7, { ...paidCard, currency: "EUR", order_date: "2026-11-22T13:00:00.000Z" }],
    ];
    for (const [id, quantity, order] of uncounted) await place(id, [line(noah, "Noah's Ark", 1250, quantity)], order);
    // Counted in 30 days only: 3 × 10.00 + 5.99 = 35.99, and 25.99 on the window's first day.
    await place("G", [line(david, "David and Goliath", 1000, 3)], {
      ...paidCard,
      status: "Shipped",
      order_date: "2026-11-12T08:00:00.000Z",
    });
    await place("H", [line(jonah, "Jonah", 2000, 1)], {
      ...paidCard,
      status: "Delivered",
      order_date: "2026-10-24T00:00:00.000Z",
    });
    // One millisecond before the window: outside every figure, but still waiting to ship.
    await place("I", [line(noah, "Noah's Ark", 1250, 10)], { ...paidCard, order_date: "2026-10-23T23:59:59.999Z" });

    const overview = await getSalesOverview(deps(), { listLimit: 3 });
    expect(overview.today).toEqual({ orders: 2, revenueCents: 3099 + 2599, discountCents: 0 });
    expect(overview.last7Days).toEqual({ orders: 3, revenueCents: 3099 + 2599 + 4848, discountCents: 0 });
    expect(overview.last30Days).toEqual({
      orders: 5,
      revenueCents: 3099 + 2599 + 4848 + 3599 + 2599,
      discountCents: 0,
    });
    expect(overview.days.filter((d) => d.orders > 0)).toEqual([
      { date: "2026-10-24", orders: 1, revenueCents: 2599, discountCents: 0 },
      { date: "2026-11-12", orders: 1, revenueCents: 3599, discountCents: 0 },
      { date: "2026-11-19", orders: 1, revenueCents: 4848, discountCents: 0 },
      { date: "2026-11-22", orders: 2, revenueCents: 5698, discountCents: 0 },
    ]);
    expect(overview.days.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(overview.last30Days.revenueCents);
    expect(overview.topTitles).toEqual([
      { title: "David and Goliath", copies: 3 },
      { title: "Noah's Ark", copies: 3 },
      { title: "Jonah", copies: 2 },
    ]);
    expect(overview.waitingToShip.total).toBe(5);
    expect(overview.waitingToShip.orders.map((o) => o.id)).toEqual(["I", "C", "B"]);
    expect(overview.waitingToShip.orders[1]).toEqual({
      id: "C",
      orderDate: "2026-11-19T12:00:00.000Z",
      customerEmail: "buyer@example.com",
      totalCents: 5348,
      currency: "USD",
      status: "Processing",
      paymentStatus: "partially_refunded",
      paymentMethod: "card",
    });
    expect(overview.lowStock).toEqual({
      threshold: 5,
      total: 3,
      books: [
        { id: soldOut, title: "Ruth", stock: 0 },
        { id: noah, title: "Noah's Ark", stock: 2 },
        { id: jonah, title: "Jonah", stock: 5 },
      ],
    });
  });

  it("reads the low-stock threshold and the currency from the store settings", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    await insertDefaultSettings(db, { now: NOW });
    await db.updateTable("store_settings").set({ low_stock_threshold: 1, currency: "EUR" }).execute();
    await insertTestBook(db, { title: "Two left", stock: 2 });
    const one = await insertTestBook(db, { title: "One left", stock: 1 });
    await insertTestOrder(db, {
      takeStock: false,
      lines: [{ bookId: one, title: "One left", unitPriceCents: 999, quantity: 1 }],
      order: {
        payment_method: "card",
        payment_status: "paid",
        currency: "EUR",
        order_date: "2026-11-22T14:59:59.999Z",
      },
    });
    const overview = await getSalesOverview(deps());
    expect(overview.currency).toBe("EUR");
    expect(overview.today).toEqual({ orders: 1, revenueCents: 999 + 599, discountCents: 0 });
    expect(overview.lowStock).toEqual({ threshold: 1, total: 1, books: [{ id: one, title: "One left", stock: 1 }] });
  });
  it("counts the discounts given and the revenue after them (decision 39)", async () => {
    setTestDb(await createTestDatabase(engine));
    const db = testDb.handle.db;
    const noah = await insertTestBook(db, { title: "Noah's Ark", stock: null });
    // 2 × 12.50 − 3.00 (code) + 5.99 shipping = 27.99.
    await insertTestOrder(db, {
      takeStock: false,
      lines: [{ bookId: noah, title: "Noah's Ark", unitPriceCents: 1250, quantity: 2 }],
      order: {
        payment_method: "card",
        payment_status: "paid",
        discount_code: "SPRING",
        discount_cents: 300,
        total_cents: 2500 - 300 + 599,
        order_date: "2026-11-22T10:00:00.000Z",
      },
    });
    const overview = await getSalesOverview(deps());
    expect(overview.today).toEqual({ orders: 1, revenueCents: 2799, discountCents: 300 });
  });
});
