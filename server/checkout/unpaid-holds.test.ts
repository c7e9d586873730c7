import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { releaseOrderStock } from "#server/orders/stock.ts";
import { enableCardPayments, enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { refusal } from "#tests/support/app-refusal.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { insertExemptCustomer } from "#tests/support/tax-settings.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { placeOrder } from "./place-order.ts";
import {
  FAIR_SHARE_REASON,
  fairShare,
  UNPAID_HOLD_LIMIT_REASON,
  UNPAID_UNITS_PER_CLIENT,
  UNPAID_UNITS_PER_VERIFIED_ORGANISATION,
} from "./unpaid-holds.ts";

const APP_SECRET = "h".repeat(40);
const ATTACKER = "198.51.100.9";

describe("fairShare", () => {
  it("is half of what is left, rounded up, so the last copy can be bought", () => {
    expect([1, 2, 3, 4, 10, 11].map(fairShare)).toEqual([1, 1, 2, 2, 5, 6]);
  });
});

describe.each(TEST_ENGINES)("unpaid holds on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  const db = () => testDb.handle.db;
  const deps = () => ({ db: db(), database: testDb.handle, clock: () => new Date(), env: { APP_SECRET } });

  async function setUp(stocks: number[]) {
    setTestDb(await createTestDatabase(engine));
    await enableInvoicePayments(db());
    await enableCardPayments(db(), APP_SECRET);
    const bookIds: string[] = [];
    for (const [i, stock] of stocks.entries()) {
      bookIds.push(await insertTestBook(db(), { title: `Held Book ${i}`, stock }));
    }
    const standard = await firstShippingMethod(db());
    return { bookIds, shippingMethodId: standard.id };
  }

  function place(
    shippingMethodId: string,
    items: string,
    options: { clientAddress?: string; paymentMethod?: "card" | "invoice"; userId?: string } = {},
  ) {
    const form = testCheckoutForm({
      items,
      email: "buyer@example.com",
      shippingMethodId,
      paymentMethod: options.paymentMethod ?? "card",
    });
    return placeOrder(deps(), {
      form,
      userId: options.userId ?? null,
      clientAddress: options.clientAddress ?? ATTACKER,
    });
  }

  const stockOf = async (id: string) =>
    (await db().selectFrom("books").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
  const orderCount = async () =>
    Number(
      (
        await db()
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses one unpaid order that would take every copy of a title, and holds nothing", async () => {
    const { bookIds, shippingMethodId } = await setUp([20, 7]);
    // The attack: a title at its full stock in one card order (the other line alone would do).
    const error = await refusal(place(shippingMethodId, `${bookIds[0]}:20,${bookIds[1]}:3`));
    expect(error).toMatchObject({ code: "CONFLICT", reason: FAIR_SHARE_REASON });
    expect(error.message).toBe(
      'We can hold at most 10 copies of "Held Book 0" until they are paid. Please order fewer, or contact us for a larger order.',
    );
    expect(await stockOf(bookIds[0]!)).toBe(20);
    expect(await stockOf(bookIds[1]!)).toBe(7);
    expect(await orderCount()).toBe(0);
  });

  it("lets an unpaid order take half of what is left, rounded up, and the last copy", async () => {
    const { bookIds, shippingMethodId } = await setUp([7, 1]);
    await place(shippingMethodId, `${bookIds[0]}:4,${bookIds[1]}:1`, { paymentMethod: "invoice" });
    expect(await stockOf(bookIds[0]!)).toBe(3);
    expect(await stockOf(bookIds[1]!)).toBe(0);
    // Another buyer's order is held to what is left now: 2 of 3.
    const error = await refusal(place(shippingMethodId, `${bookIds[0]}:3`, { clientAddress: "192.0.2.1" }));
    expect(error.reason).toBe(FAIR_SHARE_REASON);
    await place(shippingMethodId, `${bookIds[0]}:2`, { clientAddress: "192.0.2.1" });
    expect(await stockOf(bookIds[0]!)).toBe(1);
  });

  it("holds a client to half of a title however it splits its orders; others still buy", async () => {
    const { bookIds, shippingMethodId } = await setUp([40]);
    const book = bookIds[0]!;
    await place(shippingMethodId, `${book}:15`);
    await place(shippingMethodId, `${book}:5`, { paymentMethod: "invoice" });
    const error = await refusal(place(shippingMethodId, `${book}:1`));
    expect(error).toMatchObject({ code: "CONFLICT", reason: FAIR_SHARE_REASON });
    expect(error.message).toBe(
      'We can hold at most 20 copies of "Held Book 0" until they are paid, and your orders waiting for payment already hold 20. Please order fewer, or contact us for a larger order.',
    );
    expect(await stockOf(book)).toBe(20);
    // Another client is held to half of what is left to it.
    await place(shippingMethodId, `${book}:10`, { clientAddress: "192.0.2.1" });
    expect(await stockOf(book)).toBe(10);
  });

  it("caps what one client holds in unpaid orders at once, card and invoice together", async () => {
    const { bookIds, shippingMethodId } = await setUp([1000, 1000]);
    const first = UNPAID_UNITS_PER_CLIENT - 30;
    const card = await place(shippingMethodId, `${bookIds[0]}:${first}`);
    await place(shippingMethodId, `${bookIds[1]}:20`, { paymentMethod: "invoice" });
    const error = await refusal(place(shippingMethodId, `${bookIds[1]}:11`, { paymentMethod: "invoice" }));
    expect(error).toMatchObject({ code: "RATE_LIMITED", reason: UNPAID_HOLD_LIMIT_REASON });
    expect(error.message).toBe(
      `Orders waiting for payment from your connection already hold ${first + 20} items, and we can hold up to ${UNPAID_UNITS_PER_CLIENT} at once (10 more). Please pay for those orders first, order fewer items, or contact us for a larger order.`,
    );
    // Up to the cap is fine; another client (an IPv6 /64 of its own) is not affected.
    await place(shippingMethodId, `${bookIds[1]}:10`);
    await place(shippingMethodId, `${bookIds[1]}:50`, { clientAddress: "2001:db8:1:2::5" });
    // Another address in the same IPv6 /64 is the same client.
    await place(shippingMethodId, `${bookIds[1]}:70`, { clientAddress: "2001:db8:1:2::6" });
    const sameSlash64 = await refusal(place(shippingMethodId, `${bookIds[1]}:1`, { clientAddress: "2001:db8:1:2::7" }));
    expect(sameSlash64.reason).toBe(UNPAID_HOLD_LIMIT_REASON);
    // Stock given back (expired, cancelled) no longer counts.
    await db()
      .transaction()
      .execute((trx) => releaseOrderStock(trx, card.orderId));
    await db().updateTable("orders").set({ payment_status: "expired" }).where("id", "=", card.orderId).execute();
    await place(shippingMethodId, `${bookIds[0]}:${first}`);
  });

  it("counts a client's orders placed at the same moment one after the other", async () => {
    const { bookIds, shippingMethodId } = await setUp([1000]);
    const each = 20;
    const tries = Math.floor(UNPAID_UNITS_PER_CLIENT / each) + 3;
    const results = await Promise.allSettled(
      Array.from({ length: tries }, () => place(shippingMethodId, `${bookIds[0]}:${each}`)),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    expect(placed).toHaveLength(Math.floor(UNPAID_UNITS_PER_CLIENT / each));
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ reason: UNPAID_HOLD_LIMIT_REASON });
    }
    expect(await stockOf(bookIds[0]!)).toBe(1000 - placed.length * each);
  });

  it("lets a church staff have verified hold a class set unpaid: no half-a-shelf rule, a larger cap", async () => {
    const { bookIds, shippingMethodId } = await setUp([50, 50, 50, 50]);
    const church = await insertExemptCustomer(db(), { state: "TX" });
    // Forty copies of each of four titles, by invoice: 160 items, 40 of a shelf of 50.
    const classSet = bookIds.map((id) => `${id}:40`).join(",");
    await place(shippingMethodId, classSet, { paymentMethod: "invoice", userId: church.userId });
    expect(await Promise.all(bookIds.map(stockOf))).toEqual([10, 10, 10, 10]);
    // The cap still holds, only larger: eleven more titles of 99 copies each pass it.
    const shelves = [];
    for (let i = 0; i < 11; i++) shelves.push(await insertTestBook(db(), { title: `Big Shelf ${i}`, stock: 500 }));
    expect(11 * 99 + 160).toBeGreaterThan(UNPAID_UNITS_PER_VERIFIED_ORGANISATION);
    const error = await refusal(
      place(shippingMethodId, shelves.map((id) => `${id}:99`).join(","), {
        paymentMethod: "invoice",
        userId: church.userId,
      }),
    );
    expect(error).toMatchObject({ code: "RATE_LIMITED", reason: UNPAID_HOLD_LIMIT_REASON });
  });

  it("holds a buyer whose certificate is pending, rejected or expired to the everyday rules", async () => {
    const { bookIds, shippingMethodId } = await setUp([50]);
    for (const certificate of [
      { status: "pending" as const },
      { status: "rejected" as const },
      { status: "approved" as const, expiresOn: "2020-12-31" },
    ]) {
      const buyer = await insertExemptCustomer(db(), { state: "TX", ...certificate });
      const error = await refusal(
        place(shippingMethodId, `${bookIds[0]}:40`, { paymentMethod: "invoice", userId: buyer.userId }),
      );
      expect(error.reason, JSON.stringify(certificate)).toBe(FAIR_SHARE_REASON);
    }
    expect(await stockOf(bookIds[0]!)).toBe(50);
  });
});
