import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "#server/errors/app-error.ts";
import { enableCardPayments, enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { refusal } from "#tests/support/app-refusal.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { insertTestBundle, setBundleParts } from "#tests/support/test-bundles.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { countRows } from "#tests/support/row-count.ts";
import { readOrder } from "#tests/support/test-orders.ts";
import type { CheckoutInput } from "#common/checkout/checkout-schema.ts";
import { quoteShippingRates } from "#common/checkout/shipping-quote.ts";
import { CARD_HOLD_MINUTES } from "#server/orders/payment-process.ts";
import { placeOrder, SOLD_OUT_REASON } from "./place-order.ts";
import { priceCart } from "./price-cart.ts";

const APP_SECRET = "s".repeat(40);

describe.each(TEST_ENGINES)("placeOrder on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });

  const db = () => testDb.handle.db;
  const deps = () => ({ db: db(), database: testDb.handle, clock: () => new Date(), env: { APP_SECRET } });

  async function setUp(options: { stock?: number | null; price?: number } = {}) {
    testDb = await createTestDatabase(engine);
    await enableInvoicePayments(db(), { terms: "Net 30" });
    const bookId = await insertTestBook(db(), {
      title: "Noah and the Ark",
      priceCents: options.price ?? 1499,
      stock: options.stock === undefined ? 10 : options.stock,
    });
    // The spec's sets hold a book of their own each (decision 38: a set has no stock of its own).
    const setBookId = await insertTestBook(db(), { title: "A Book in Every Set", stock: 30 });
    for (const bundleId of ["pkg-disciple", "pkg-shepherd", "pkg-prophet"]) {
      await setBundleParts(db(), bundleId, [{ bookId: setBookId, quantity: 1 }]);
    }
    const standard = await firstShippingMethod(db());
    return { bookId, setBookId, shippingMethodId: standard.id, shippingCents: standard.rate_cents };
  }

  function form(values: Record<string, string>): CheckoutInput {
    return testCheckoutForm({
      email: "Buyer@Example.com",
      paymentMethod: "invoice",
      organisation: "Grace Church",
      poNumber: "PO-77",
      ...values,
    });
  }

  const counts = async () => ({
    orders: await countRows(db(), "orders"),
    items: await countRows(db(), "order_items"),
    mails: await countRows(db(), "mail_outbox"),
  });
  const bookStock = async (id: string) =>
    (await db().selectFrom("books").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;

  it("places an invoice order: server prices, stock taken, history, three mails", async () => {
    const { bookId, setBookId, shippingMethodId, shippingCents } = await setUp({ stock: 5 });
    const placed = await placeOrder(deps(), {
      form: form({
        items: `${bookId}:2,pkg-disciple:1`,
        shippingMethodId,
        quotedSubtotalCents: String(2 * 1499 + 3499),
        quotedCurrency: "USD",
      }),
      userId: null,
      clientAddress: "203.0.113.7",
    });
    expect(placed).toMatchObject({ paymentMethod: "invoice", replayed: false });
    expect(placed.orderId).toMatch(/^ORD-[0-9A-Z]{12}$/);
    const order = await readOrder(db(), placed.orderId);
    expect(order).toMatchObject({
      customer_email: "Buyer@Example.com",
      customer_name: "Ruth Reader",
      organisation: "Grace Church",
      po_number: "PO-77",
      ship_country: "US",
      status: "Pending",
      payment_method: "invoice",
      payment_status: "awaiting_payment",
      subtotal_cents: 2 * 1499 + 3499,
      shipping_cents: shippingCents,
      total_cents: 2 * 1499 + 3499 + shippingCents,
      currency: "USD",
      user_id: null,
    });
    expect(Boolean(order.stock_taken)).toBe(true);
    const items = await db()
      .selectFrom("order_items")
      .select(["book_id", "bundle_id", "title", "unit_price_cents", "quantity"])
      .where("order_id", "=", placed.orderId)
      .orderBy("position")
      .execute();
    expect(items).toEqual([
      { book_id: bookId, bundle_id: null, title: "Noah and the Ark", unit_price_cents: 1499, quantity: 2 },
      { book_id: null, bundle_id: "pkg-disciple", title: "The Disciple's Set", unit_price_cents: 3499, quantity: 1 },
    ]);
    await expect(bookStock(bookId)).resolves.toBe(3);
    // The set took its book, and the order records it to give it back.
    await expect(bookStock(setBookId)).resolves.toBe(29);
    const units = await db()
      .selectFrom("order_bundle_units")
      .select(["book_id", "quantity"])
      .where("order_id", "=", placed.orderId)
      .execute();
    expect(units).toEqual([{ book_id: setBookId, quantity: 1 }]);
    const history = await db()
      .selectFrom("order_status_history")
      .select(["status", "location"])
      .where("order_id", "=", placed.orderId)
      .execute();
    expect(history).toEqual([{ status: "Order Placed", location: "Online" }]);
    const mails = await db().selectFrom("mail_outbox").select("kind").where("order_id", "=", placed.orderId).execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(["invoice", "new-order-notice", "order-confirmation"]);
  });

  it("is idempotent: the same checkout token twice gives one order with the same id", async () => {
    const { bookId, shippingMethodId } = await setUp({ stock: 5 });
    const input = {
      form: form({ items: `${bookId}:1`, shippingMethodId }),
      userId: null,
      clientAddress: "203.0.113.7",
    };
    const [first, second] = await Promise.all([placeOrder(deps(), input), placeOrder(deps(), input)]);
    const third = await placeOrder(deps(), input);
    expect(second.orderId).toBe(first.orderId);
    expect(third).toEqual({ ...first, replayed: true });
    expect([first.replayed, second.replayed].filter(Boolean)).toHaveLength(1);
    await expect(counts()).resolves.toEqual({ orders: 1, items: 1, mails: 3 });
    await expect(bookStock(bookId)).resolves.toBe(4);
  });

  it("N buyers racing for the last K copies: exactly K orders, the others told it sold out", async () => {
    const { bookId, shippingMethodId } = await setUp({ stock: 3 });
    const buyers = 8;
    const results = await Promise.allSettled(
      // Each buyer a client of its own (one client may hold only half of a shelf unpaid).
      Array.from({ length: buyers }, (_, i) =>
        placeOrder(deps(), {
          form: form({ items: `${bookId}:1`, shippingMethodId }),
          userId: null,
          clientAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(buyers - 3);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ code: "CONFLICT", reason: SOLD_OUT_REASON });
      expect((r.reason as AppError).message).toBe('Sorry, "Noah and the Ark" just sold out.');
    }
    await expect(bookStock(bookId)).resolves.toBe(0);
    await expect(counts()).resolves.toEqual({ orders: 3, items: 3, mails: 9 });
  });

  it("a line short of stock rolls everything back, bundles included", async () => {
    const { bookId, setBookId, shippingMethodId } = await setUp({ stock: 1 });
    const error = await refusal(
      placeOrder(deps(), {
        form: form({ items: `pkg-shepherd:2,${bookId}:2`, shippingMethodId }),
        userId: null,
        clientAddress: "203.0.113.7",
      }),
    );
    expect(error).toMatchObject({ code: "CONFLICT", reason: SOLD_OUT_REASON });
    expect(error.message).toBe('Sorry, "Noah and the Ark" just sold out.');
    await expect(counts()).resolves.toEqual({ orders: 0, items: 0, mails: 0 });
    await expect(bookStock(bookId)).resolves.toBe(1);
    await expect(bookStock(setBookId)).resolves.toBe(30);
    await expect(db().selectFrom("order_bundle_units").selectAll().execute()).resolves.toEqual([]);
  });

  it("a class set takes its parts' stock, and a book line of one of its titles must fit with it", async () => {
    const { shippingMethodId } = await setUp();
    const pupils = await insertTestBook(db(), { title: "Pupil's Book", stock: 30 });
    const guide = await insertTestBook(db(), { title: "Teacher's Guide", stock: 10 });
    const classSet = await insertTestBundle(db(), {
      name: "Class Set",
      priceCents: 12000,
      parts: [
        { bookId: pupils, quantity: 12 },
        { bookId: guide, quantity: 1 },
      ],
    });
    const order = (items: string, client: string) =>
      placeOrder(deps(), { form: form({ items, shippingMethodId }), userId: null, clientAddress: client });
    await order(`${classSet}:1`, "203.0.113.7");
    await expect(bookStock(pupils)).resolves.toBe(18);
    await expect(bookStock(guide)).resolves.toBe(9);
    // 12 more for a set and 7 single copies: 19, with 18 left.
    const error = await refusal(order(`${classSet}:1,${pupils}:7`, "203.0.113.8"));
    expect(error).toMatchObject({ code: "CONFLICT" });
    await expect(bookStock(pupils)).resolves.toBe(18);
    await expect(bookStock(guide)).resolves.toBe(9);
    // A set whose part is deleted is unavailable, never sold without it.
    await db().deleteFrom("books").where("id", "=", guide).execute();
    const gone = await refusal(order(`${classSet}:1`, "203.0.113.9"));
    expect(gone.code).toBe("CONFLICT");
    await expect(bookStock(pupils)).resolves.toBe(18);
  });

  it("N buyers racing for the last class set: exactly one gets it, its books taken once", async () => {
    const { shippingMethodId } = await setUp();
    const pupils = await insertTestBook(db(), { title: "Pupil's Book", stock: 12 });
    const guide = await insertTestBook(db(), { title: "Teacher's Guide", stock: 1 });
    const classSet = await insertTestBundle(db(), {
      name: "Class Set",
      parts: [
        { bookId: pupils, quantity: 12 },
        { bookId: guide, quantity: 1 },
      ],
    });
    const results = await Promise.allSettled(
      // Unpaid orders may hold half a shelf, rounded up to a whole set: the last set can be bought.
      Array.from({ length: 6 }, (_, i) =>
        placeOrder(deps(), {
          form: form({ items: `${classSet}:1`, shippingMethodId }),
          userId: null,
          clientAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ code: "CONFLICT", reason: SOLD_OUT_REASON });
    }
    await expect(bookStock(pupils)).resolves.toBe(0);
    await expect(bookStock(guide)).resolves.toBe(0);
  });

  it("refuses what the store cannot take, each on its field, writing nothing", async () => {
    const { bookId, shippingMethodId } = await setUp();
    /** Place Order's refusal of one copy of the book, with `values` in the form. */
    const refused = (values: Record<string, string>) =>
      refusal(
        placeOrder(deps(), {
          form: form({ items: `${bookId}:1`, shippingMethodId, ...values }),
          userId: null,
          clientAddress: "203.0.113.7",
        }),
      );
    const unknown = await refused({ items: "no-such-book:1" });
    expect(unknown.fieldErrors).toEqual({ items: "An item in your cart is no longer available and was removed." });

    const method = await refused({ shippingMethodId: "gone" });
    expect(method.fieldErrors?.shippingMethodId).toContain("no longer available");
    await db().updateTable("shipping_methods").set({ enabled: false }).where("id", "=", shippingMethodId).execute();
    const disabled = await refused({});
    expect(disabled.fieldErrors?.shippingMethodId).toContain("no longer available");
    await db().updateTable("shipping_methods").set({ enabled: true }).where("id", "=", shippingMethodId).execute();

    await db().updateTable("store_settings").set({ shipping_countries: "US,CA" }).execute();
    const country = await refused({ country: "FR" });
    expect(country.fieldErrors).toEqual({ country: "Sorry, we do not ship to France." });

    const card = await refused({ paymentMethod: "card" });
    expect(card.fieldErrors?.paymentMethod).toContain("Card payments are not available");

    const changed = await refused({ quotedSubtotalCents: "999" });
    expect(changed).toMatchObject({ code: "CONFLICT", reason: "price-changed" });
    // The chosen method's rate, or the currency, changed since the page showed them.
    const rate = await db()
      .selectFrom("shipping_methods")
      .select("rate_cents")
      .where("id", "=", shippingMethodId)
      .executeTakeFirstOrThrow();
    const shippingChanged = await refused({
      quotedShippingRates: quoteShippingRates([{ id: shippingMethodId, rateCents: rate.rate_cents + 100 }]),
    });
    expect(shippingChanged).toMatchObject({ code: "CONFLICT", reason: "price-changed" });
    const currencyChanged = await refused({ quotedCurrency: "EUR" });
    expect(currencyChanged).toMatchObject({ code: "CONFLICT", reason: "price-changed" });
    await expect(counts()).resolves.toEqual({ orders: 0, items: 0, mails: 0 });
    await expect(bookStock(bookId)).resolves.toBe(10);
  });

  it("charges shipping for the order it places: per further copy, and free from the method's threshold", async () => {
    const { bookId, shippingMethodId } = await setUp({ price: 1000, stock: null });
    await db()
      .updateTable("shipping_methods")
      .set({ rate_cents: 500, per_item_cents: 50, free_above_cents: 5000 })
      .where("id", "=", shippingMethodId)
      .execute();
    const place = (quantity: number, quotedRate: number) =>
      placeOrder(deps(), {
        form: form({
          items: `${bookId}:${quantity}`,
          shippingMethodId,
          quotedShippingRates: quoteShippingRates([{ id: shippingMethodId, rateCents: quotedRate }]),
        }),
        userId: null,
        clientAddress: "203.0.113.7",
      });
    const totals = async (orderId: string) =>
      db()
        .selectFrom("orders")
        .select(["subtotal_cents", "shipping_cents", "total_cents"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();

    await expect(totals((await place(3, 600)).orderId)).resolves.toEqual({
      subtotal_cents: 3000,
      shipping_cents: 600,
      total_cents: 3600,
    });
    await expect(totals((await place(5, 0)).orderId)).resolves.toEqual({
      subtotal_cents: 5000,
      shipping_cents: 0,
      total_cents: 5000,
    });
    // A page that showed the flat rate for a bigger cart is refused, as a changed price is.
    await expect(refusal(place(2, 500))).resolves.toMatchObject({ code: "CONFLICT", reason: "price-changed" });
  });

  it("a card order queues no mail, records the signed-in buyer and a payment deadline", async () => {
    const { bookId, shippingMethodId } = await setUp();
    await enableCardPayments(db(), APP_SECRET);
    const user = randomUUID();
    await db()
      .insertInto("user")
      .values({
        id: user,
        name: "Ruth",
        email: "ruth@example.com",
        emailVerified: true,
        image: null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        role: null,
        banned: null,
        banReason: null,
        banExpires: null,
      })
      .execute();
    const placed = await placeOrder(deps(), {
      form: form({ items: `${bookId}:1`, shippingMethodId, paymentMethod: "card", poNumber: "ignored" }),
      userId: user,
      clientAddress: "203.0.113.7",
    });
    const order = await readOrder(db(), placed.orderId);
    expect(order).toMatchObject({ payment_method: "card", user_id: user, po_number: null });
    // The card hold (decision 23): minutes, not Stripe's half-hour session.
    const heldFor = new Date(String(order.payment_expires_at)).getTime() - new Date(order.order_date).getTime();
    expect(heldFor).toBe(CARD_HOLD_MINUTES * 60_000);
    await expect(counts()).resolves.toEqual({ orders: 1, items: 1, mails: 0 });
  });

  it("prices a stale cart: changed price, sold out, lowered quantity and a deleted item, in words", async () => {
    const { bookId } = await setUp({ stock: 2, price: 1799 });
    const soldOut = await insertTestBook(db(), { title: "Sold Out", stock: 0 });
    await setBundleParts(db(), "pkg-prophet", [{ bookId: soldOut, quantity: 1 }]);
    const priced = await priceCart(
      { db: db() },
      {
        currency: "USD",
        lines: [
          { id: bookId, quantity: 3, cartPriceCents: 1499 },
          { id: "pkg-prophet", quantity: 1, cartPriceCents: 15999 },
          { id: "deleted-book", quantity: 1, cartPriceCents: 500 },
          { id: "pkg-disciple", quantity: 2, cartPriceCents: 3499 },
        ],
      },
    );
    expect(priced.adjustments.map((a) => a.message)).toEqual([
      'The price of "Noah and the Ark" changed from $14.99 to $17.99.',
      'Only 2 of "Noah and the Ark" are left; your quantity was lowered.',
      '"The Prophet\'s Collection" is no longer available and was removed.',
      "An item in your cart is no longer available and was removed.",
    ]);
    expect(priced.lines.map((l) => [l.id, l.quantity, l.unitPriceCents])).toEqual([
      [bookId, 2, 1799],
      ["pkg-disciple", 2, 3499],
    ]);
    expect(priced.subtotalCents).toBe(2 * 1799 + 2 * 3499);
  });
});

describe.each(TEST_ENGINES)("quantity price breaks on %s", (engine) => {
  let testDb: TestDatabase;
  afterEach(async () => {
    await testDb?.cleanup();
  });
  const db = () => testDb.handle.db;
  const BREAKS = [
    { minQuantity: 10, unitPriceCents: 899 },
    { minQuantity: 25, unitPriceCents: 799 },
  ];

  async function setUp(stock: number | null = null) {
    testDb = await createTestDatabase(engine);
    await enableInvoicePayments(db(), { terms: "Net 30" });
    const bookId = await insertTestBook(db(), { title: "Noah and the Ark", priceCents: 999, stock });
    await db()
      .updateTable("books")
      .set({ price_breaks: JSON.stringify(BREAKS) })
      .where("id", "=", bookId)
      .execute();
    return bookId;
  }

  it("prices each line at the break its own quantity reaches, at each threshold", async () => {
    const bookId = await setUp();
    for (const [quantity, unit] of [
      [1, 999],
      [9, 999],
      [10, 899],
      [24, 899],
      [25, 799],
      [99, 799],
    ] as const) {
      const priced = await priceCart({ db: db() }, { currency: "USD", lines: [{ id: bookId, quantity }] });
      expect(priced.lines[0]).toMatchObject({ quantity, unitPriceCents: unit, listPriceCents: 999 });
      expect(priced.subtotalCents).toBe(quantity * unit);
    }
  });

  it("says when a lowered quantity no longer reaches the break the cart showed", async () => {
    const bookId = await setUp(12);
    const priced = await priceCart(
      { db: db() },
      { currency: "USD", lines: [{ id: bookId, quantity: 30, cartPriceCents: 799 }] },
    );
    expect(priced.lines[0]).toMatchObject({ quantity: 12, unitPriceCents: 899 });
    expect(priced.adjustments.map((a) => a.message)).toEqual([
      'The price of "Noah and the Ark" changed from $7.99 to $8.99.',
      'Only 12 of "Noah and the Ark" are left; your quantity was lowered.',
    ]);
  });

  it("copies the break's price onto the order line and its totals", async () => {
    const bookId = await setUp();
    const standard = await firstShippingMethod(db());
    const placed = await placeOrder(
      { db: db(), database: testDb.handle, clock: () => new Date(), env: { APP_SECRET } },
      {
        form: testCheckoutForm({
          email: "buyer@example.com",
          paymentMethod: "invoice",
          organisation: "Grace Church",
          poNumber: "PO-1",
          items: `${bookId}:25`,
          shippingMethodId: standard.id,
        }),
        userId: null,
        clientAddress: "203.0.113.9",
      },
    );
    const line = await db()
      .selectFrom("order_items")
      .select(["unit_price_cents", "quantity"])
      .where("order_id", "=", placed.orderId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ unit_price_cents: 799, quantity: 25 });
    const order = await db()
      .selectFrom("orders")
      .select(["subtotal_cents", "total_cents"])
      .where("id", "=", placed.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ subtotal_cents: 25 * 799, total_cents: 25 * 799 + standard.rate_cents });
  });
});
