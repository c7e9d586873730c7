import type { Insertable } from "kysely";
import type { OrderItemsTable, StoreSettingsTable } from "#server/db/schema.ts";

/*
 * The fewest columns a row takes, for tests that write rows straight into the schema
 * (migrate.test.ts, the migrations' tests, a settings row without the settings service): the
 * values a test checks are passed in, so they stand in the test.
 */

/** A store_settings row with every payment method off and no keys; `values` sets any column. */
export function bareStoreSettingsRow(values: Partial<Insertable<StoreSettingsTable>> = {}) {
  return {
    id: "store",
    store_name: "S",
    contact_email: "s@example.com",
    currency: "USD",
    enable_stripe: false,
    stripe_publishable_key: null,
    stripe_secret_key_encrypted: null,
    enable_paypal: false,
    paypal_client_id: null,
    enable_maintenance_mode: false,
    updated_at: "2026-11-20T10:00:00.000Z",
    ...values,
  } satisfies Insertable<StoreSettingsTable>;
}

/** One line of `orderId`: one copy at 10.00 of "T"; `values` sets any column. */
export function bareOrderLineRow(orderId: string, values: Partial<Insertable<OrderItemsTable>> = {}) {
  return {
    id: "i1",
    order_id: orderId,
    book_id: null,
    title: "T",
    unit_price_cents: 1000,
    quantity: 1,
    position: 0,
    ...values,
  } satisfies Insertable<OrderItemsTable>;
}
