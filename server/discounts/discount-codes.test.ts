import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { sql } from "kysely";
import { refusal } from "#tests/support/app-refusal.ts";
import { firstShippingMethod, testCheckoutForm } from "#tests/support/checkout-form.ts";
import { enableCardPayments, enableInvoicePayments } from "#tests/support/payment-settings.ts";
import { insertTestBook } from "#tests/support/test-books.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { orderActionDeps, readOrder } from "#tests/support/test-orders.ts";
import { countRows } from "#tests/support/row-count.ts";
import { createLogger } from "#server/logging/logger.ts";
import { applyPaymentOutcome } from "#server/orders/payment-process.ts";
import { cancelOrder } from "#server/orders/cancel-order.ts";
import { placeOrder, PRICE_CHANGED_REASON } from "#server/checkout/place-order.ts";
import { applyDiscountCode } from "#server/checkout/apply-discount-code.ts";
import { loadCheckout } from "#server/checkout/load-checkout.ts";
import { discountCodeSchema } from "#common/discounts/discount-code-schema.ts";
import { percentOf } from "#common/discounts/discount-rule.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";
import { saveDiscountCode } from "./save-discount-code.ts";

const APP_SECRET = "d".repeat(40);
const NOW = new Date("2026-11-21T09:00:00.000Z");

describe.each(TEST_ENGINES)("discount codes on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  const db = () => testDb.handle.db;
  const deps = () => ({ db: db(), database: testDb.handle, clock: () => NOW, env: { APP_SECRET } });

  /** A book at $10.00 with a break of $8.00 from 10 copies, untracked stock, and invoice payments. */
  async function setUp() {
    setTestDb(await createTestDatabase(engine));
    await enableInvoicePayments(db(), { terms: "Net 30" });
    const bookId = await insertTestBook(db(), { title: "Noah and the Ark", priceCents: 1000, stock: null });
    await db()
      .updateTable("books")
      .set({ price_breaks: JSON.stringify([{ minQuantity: 10, unitPriceCents: 800 }]) })
      .where("id", "=", bookId)
      .execute();
    const otherId = await insertTestBook(db(), { title: "Jonah", priceCents: 1500, stock: null });
    const shipping = await firstShippingMethod(db());
    return { bookId, otherId, shippingMethodId: shipping.id, shippingCents: shipping.rate_cents };
  }

  async function code(values: Record<string, unknown>) {
    const input = discountCodeSchema.parse({
      code: "SPRING",
      kind: "percent",
      percent: "10",
      appliesTo: "order",
      active: "on",
      ...values,
    });
    return saveDiscountCode({ db: db(), clock: () => NOW }, input);
  }
  const uses = async (id: string) =>
    (await db().selectFrom("discount_codes").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses;
  const orderCount = () => countRows(db(), "orders");

  function form(items: string, shippingMethodId: string, values: Record<string, string> = {}) {
    return testCheckoutForm({
      items,
      email: "Buyer@Example.com",
      paymentMethod: "invoice",
      shippingMethodId,
      ...values,
    });
  }

  it("applies a code after the price breaks: the order's line, shipping on the discounted subtotal, one use", async () => {
    const { bookId, shippingMethodId, shippingCents } = await setUp();
    // Free shipping from $150: 20 × $8.00 = $160 reaches it before the code, $144 after it does not.
    await db()
      .updateTable("shipping_methods")
      .set({ free_above_cents: 150_00 })
      .where("id", "=", shippingMethodId)
      .execute();
    const saved = await code({ code: "Spring" });
    const placed = await placeOrder(deps(), {
      form: form(`${bookId}:20`, shippingMethodId, {
        discountCode: "sPrInG",
        appliedDiscountCode: "spring",
        quotedDiscountCents: "1600",
      }),
      userId: null,
      clientAddress: "203.0.113.1",
    });
    const order = await readOrder(db(), placed.orderId);
    expect(order).toMatchObject({
      subtotal_cents: 160_00,
      discount_cents: 16_00,
      discount_code: "Spring",
      discount_code_id: saved.id,
      discount_customer: "email:buyer@example.com",
      shipping_cents: shippingCents,
      total_cents: 160_00 - 16_00 + shippingCents,
    });
    expect(Boolean(order.discount_use_held)).toBe(true);
    await expect(uses(saved.id)).resolves.toBe(1);
  });

  it("shows the code on the checkout page, or why not, and bounds the tries", async () => {
    const { bookId } = await setUp();
    await code({ code: "TENOFF", kind: "fixed", amount: "10.00", percent: "" });
    const limits = (wait: number) => ({
      discountCodeTries: { consume: async () => wait },
      discountCodeRefusals: { consume: async () => 0 },
    });
    const input = { cart: `${bookId}:2`, viewer: null, email: null, clientAddress: "203.0.113.9" };
    const applied = await applyDiscountCode(
      { ...deps(), rateLimits: limits(0) as never },
      { ...input, code: "tenoff" },
    );
    expect(applied.discount).toMatchObject({ code: "TENOFF", cents: 10_00 });
    expect(applied.discountRefusal).toBeNull();
    const unknown = await applyDiscountCode({ ...deps(), rateLimits: limits(0) as never }, { ...input, code: "NOPE" });
    expect(unknown).toMatchObject({
      discount: null,
      discountRefusal: expect.stringContaining("don't know the code NOPE"),
    });
    const limited = await applyDiscountCode(
      { ...deps(), rateLimits: limits(42) as never },
      { ...input, code: "tenoff" },
    );
    expect(limited).toMatchObject({ discount: null, discountRefusal: expect.stringContaining("wait 42 seconds") });
  });

  it.each([
    ["unknown", {}, "NOPE", "don't know the code"],
    ["inactive", { active: "" }, "SPRING", "is not active"],
    ["not started", { startsOn: "2026-11-22" }, "SPRING", "cannot be used yet"],
    ["expired", { endsOn: "2026-11-20" }, "SPRING", "has expired"],
    ["exhausted", { usageLimit: "1" }, "SPRING", "as many times as it can be"],
    ["minimum quantity", { minQuantity: "5" }, "SPRING", "at least 5 copies"],
    ["minimum subtotal", { minSubtotal: "100" }, "SPRING", "at least $100.00"],
    ["no eligible title", { appliesTo: "titles" }, "SPRING", "none of the titles"],
  ] as [string, Record<string, string>, string, string][])(
    "refuses a code that is %s, naming why, and writes nothing",
    async (_name, values, typed, words) => {
      const { bookId, otherId, shippingMethodId } = await setUp();
      const saved = await code({ ...values, ...(values.appliesTo === "titles" ? { bookIds: [otherId] } : {}) });
      if (values.usageLimit) await db().updateTable("discount_codes").set({ uses: 1 }).execute();
      const page = await loadCheckout(deps(), {
        cart: `${bookId}:2`,
        viewer: null,
        discount: { code: typed, email: null },
      });
      expect(page.discount).toBeNull();
      expect(page.discountRefusal).toContain(words);
      const error = await refusal(
        placeOrder(deps(), {
          form: form(`${bookId}:2`, shippingMethodId, { discountCode: typed, appliedDiscountCode: typed }),
          userId: null,
          clientAddress: "203.0.113.1",
        }),
      );
      expect(error).toMatchObject({ code: "CONFLICT", reason: PRICE_CHANGED_REASON });
      expect(error.message).toContain(words);
      await expect(orderCount()).resolves.toBe(0);
      await expect(uses(saved.id)).resolves.toBe(values.usageLimit ? 1 : 0);
    },
  );

  it("refuses an order whose code's amount changed since the page, or a code typed but not applied", async () => {
    const { bookId, shippingMethodId } = await setUp();
    await code({});
    const changed = await refusal(
      placeOrder(deps(), {
        form: form(`${bookId}:2`, shippingMethodId, {
          discountCode: "SPRING",
          appliedDiscountCode: "SPRING",
          quotedDiscountCents: "150",
        }),
        userId: null,
        clientAddress: "203.0.113.1",
      }),
    );
    expect(changed.message).toBe(
      "The discount of the code SPRING changed from $1.50 to $2.00. Please check the new total and place your order again.",
    );
    const notApplied = await refusal(
      placeOrder(deps(), {
        form: form(`${bookId}:2`, shippingMethodId, { discountCode: "SPRING" }),
        userId: null,
        clientAddress: "203.0.113.1",
      }),
    );
    expect(notApplied.message).toContain("was not applied yet");
    await expect(orderCount()).resolves.toBe(0);
  });

  it("holds the per-customer limit by account or by e-mail in any letter case", async () => {
    const { bookId, shippingMethodId } = await setUp();
    await code({ perCustomerLimit: "1" });
    const place = (email: string) =>
      placeOrder(deps(), {
        form: form(`${bookId}:1`, shippingMethodId, { email, discountCode: "SPRING", appliedDiscountCode: "SPRING" }),
        userId: null,
        clientAddress: "203.0.113.1",
      });
    await place("ruth@example.com");
    const again = await refusal(place("RUTH@example.com"));
    expect(again.message).toContain("already used the code SPRING");
    await place("naomi@example.com");
    await expect(orderCount()).resolves.toBe(2);
  });

  it("gives the use back once when staff cancel the order, and when an unpaid card order expires", async () => {
    const { bookId, shippingMethodId } = await setUp();
    await enableCardPayments(db(), APP_SECRET);
    const saved = await code({ usageLimit: "2" });
    const place = (paymentMethod: string, email: string) =>
      placeOrder(deps(), {
        form: form(`${bookId}:1`, shippingMethodId, {
          email,
          paymentMethod,
          discountCode: "SPRING",
          appliedDiscountCode: "SPRING",
        }),
        userId: null,
        clientAddress: "203.0.113.1",
      });
    const invoice = await place("invoice", "a@example.com");
    const card = await place("card", "b@example.com");
    await expect(uses(saved.id)).resolves.toBe(2);

    const staff = orderActionDeps(db(), NOW);
    await Promise.all([
      cancelOrder(staff, { orderId: invoice.orderId }),
      cancelOrder(staff, { orderId: invoice.orderId }),
    ]);
    await expect(uses(saved.id)).resolves.toBe(1);

    const expire = () =>
      db()
        .transaction()
        .execute((trx) =>
          applyPaymentOutcome({ logger: createLogger("silent") }, trx, {
            orderId: card.orderId,
            payment: {
              provider: "Stripe",
              pageId: "cs_x",
              pageLabel: "session cs_x",
              amountCents: null,
              currency: null,
              reference: null,
            },
            outcome: "expired",
            now: NOW,
          }),
        );
    await expire();
    await expire();
    await expect(uses(saved.id)).resolves.toBe(0);
    const cancelled = await db()
      .selectFrom("orders")
      .select(["status", "discount_use_held"])
      .where("id", "=", card.orderId)
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe("Cancelled");
    expect(Boolean(cancelled.discount_use_held)).toBe(false);
  });

  it("gives the last use to exactly one of 20 buyers placing orders at once", async () => {
    const { bookId, shippingMethodId } = await setUp();
    const saved = await code({ usageLimit: "5" });
    await db().updateTable("discount_codes").set({ uses: 4 }).where("id", "=", saved.id).execute();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        placeOrder(deps(), {
          form: form(`${bookId}:1`, shippingMethodId, {
            email: `buyer${index}@example.com`,
            discountCode: "SPRING",
            appliedDiscountCode: "SPRING",
            quotedDiscountCents: String(percentOf(1000, 10)),
          }),
          userId: null,
          clientAddress: `203.0.113.${index + 1}`,
        }),
      ),
    );
    const placed = results.filter((result) => result.status === "fulfilled");
    expect(placed).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") {
        expect(result.reason).toMatchObject({ code: "CONFLICT", reason: PRICE_CHANGED_REASON });
      }
    }
    await expect(uses(saved.id)).resolves.toBe(5);
    const discounted = await db()
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("discount_code_id", "=", saved.id)
      .where(sql<boolean>`discount_cents > 0`)
      .executeTakeFirstOrThrow();
    expect(Number(discounted.n)).toBe(1);
    await expect(orderCount()).resolves.toBe(1);
  });

  it("refuses a second code with the same letters in another case", async () => {
    await setUp();
    await code({ code: "Easter-24" });
    const error = await refusal(code({ code: "EASTER-24" }));
    expect(error).toMatchObject({ code: "CONFLICT", fieldErrors: { code: expect.stringContaining("already a code") } });
    const settings = await db()
      .selectFrom("store_settings")
      .select("id")
      .where("id", "=", STORE_SETTINGS_ID)
      .executeTakeFirst();
    expect(settings).toBeDefined();
  });
});
