import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { checkoutSchema, type CheckoutInput } from "#common/checkout/checkout-schema.ts";
import type { Database } from "#server/db/schema.ts";
import { STORE_SETTINGS_ID } from "#server/settings/default-settings.ts";

/** A parsed checkout form with a fresh token and a buyer's address; `values` add the rest or override. */
export function testCheckoutForm(values: Record<string, string>): CheckoutInput {
  return checkoutSchema.parse({
    checkoutToken: randomBytes(18).toString("base64url"),
    fullName: "Ruth Reader",
    country: "US",
    street: "1 Main St",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    ...values,
  });
}

/** The store's first shipping method, the one checkout offers first. */
export async function firstShippingMethod(db: Kysely<Database>) {
  return db
    .selectFrom("shipping_methods")
    .select(["id", "rate_cents"])
    .where("settings_id", "=", STORE_SETTINGS_ID)
    .orderBy("position")
    .executeTakeFirstOrThrow();
}
