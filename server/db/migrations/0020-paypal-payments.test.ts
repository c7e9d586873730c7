import { describe, expect, it } from "vitest";
import { useFixtureSetByTests } from "#tests/support/test-fixture.ts";
import { bareOrderLineRow, bareStoreSettingsRow } from "#tests/support/schema-rows.ts";
import { createEmptyTestDatabase, TEST_ENGINES, type TestDatabase } from "#tests/support/test-database.ts";
import { migrateToLatest } from "../migrate.ts";

describe.each(TEST_ENGINES)("migration 0020 (PayPal payments) on %s", (engine) => {
  const [testDb, setTestDb] = useFixtureSetByTests<TestDatabase>();

  it("keeps every order with its lines, history, events and mails, and takes PayPal as a payment method", async () => {
    setTestDb(await createEmptyTestDatabase(engine));
    await migrateToLatest(testDb.handle, { upTo: "0019-store-postal-address" });
    const { db } = testDb.handle;
    const now = "2026-11-20T10:00:00.000Z";
    const order = {
      id: "ORD-OLD",
      order_date: now,
      customer_email: "a@example.com",
      total_cents: 1000,
      status: "Pending" as const,
      estimated_delivery: null,
      updated_at: now,
      payment_method: "card" as const,
      payment_status: "paid" as const,
      checkout_token: "token-1",
      client_key: "203.0.113.9",
    };
    await db.insertInto("orders").values(order).execute();
    await db.insertInto("order_items").values(bareOrderLineRow(order.id)).execute();
    await db
      .insertInto("order_status_history")
      .values({ id: "h1", order_id: order.id, status: "Order Placed", location: null, occurred_at: now })
      .execute();
    await db
      .insertInto("payment_events")
      .values({ id: "evt_1", order_id: order.id, type: "x", received_at: now })
      .execute();
    await db
      .insertInto("mail_outbox")
      .values({
        id: "m1",
        dedupe_key: "k1",
        kind: "shipped",
        order_id: order.id,
        created_at: now,
        next_attempt_at: now,
      })
      .execute();

    // Later migrations run after it too; this one runs first, once.
    expect((await migrateToLatest(testDb.handle))[0]).toBe("0020-paypal-payments");

    expect(
      await db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow(),
    ).toMatchObject({ ...order, paypal_order_id: null });
    expect(await db.selectFrom("order_items").select("id").execute()).toEqual([{ id: "i1" }]);
    expect(await db.selectFrom("order_status_history").select("id").execute()).toEqual([{ id: "h1" }]);
    expect(await db.selectFrom("payment_events").select("order_id").execute()).toEqual([{ order_id: order.id }]);
    expect(await db.selectFrom("mail_outbox").select("order_id").execute()).toEqual([{ order_id: order.id }]);

    await db
      .insertInto("orders")
      .values({
        ...order,
        id: "ORD-PP",
        checkout_token: "token-2",
        payment_method: "paypal" as never,
        paypal_order_id: "5O1",
      })
      .execute();
    await expect(
      db
        .insertInto("orders")
        .values({ ...order, id: "ORD-X", checkout_token: "token-3", payment_method: "cash" as never })
        .execute(),
    ).rejects.toThrow();
    // The rebuilt table's keys and indexes hold as before: one order per checkout token, lines go with their order.
    await expect(
      db
        .insertInto("orders")
        .values({ ...order, id: "ORD-Y" })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom("orders").where("id", "=", order.id).execute();
    expect(await db.selectFrom("order_items").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("payment_events").select("order_id").execute()).toEqual([{ order_id: null }]);
  });

  it("keeps PayPal's settings, the environment sandbox unless set to live", async () => {
    setTestDb(await createEmptyTestDatabase(engine));
    await migrateToLatest(testDb.handle);
    const { db } = testDb.handle;
    await db
      .insertInto("store_settings")
      .values(bareStoreSettingsRow({ enable_paypal: true, paypal_client_id: "client" }))
      .execute();
    expect(await db.selectFrom("store_settings").select("paypal_environment").executeTakeFirstOrThrow()).toEqual({
      paypal_environment: "sandbox",
    });
    await expect(
      db
        .updateTable("store_settings")
        .set({ paypal_environment: "production" as never })
        .execute(),
    ).rejects.toThrow();
  });
});
