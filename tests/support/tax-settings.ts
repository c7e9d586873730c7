import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { saveTaxSettings } from "#server/tax/tax-settings.ts";
import { userRow } from "./test-users.ts";

/** Store Settings → Tax as the owner would save it: rates by place ("US-IL", "CA") and percent text. */
export async function setTaxRates(
  db: Kysely<Database>,
  rates: { place: string; rate: string; shippingTaxed?: boolean; collecting?: boolean }[],
  options: { mode?: "none" | "owner-rates" | "stripe-tax"; homeState?: string; appSecret?: string } = {},
): Promise<void> {
  await saveTaxSettings(
    { db, clock: () => new Date(), ...(options.appSecret ? { env: { APP_SECRET: options.appSecret } } : {}) },
    {
      form: {
        taxMode: options.mode ?? "owner-rates",
        homeState: options.homeState ?? null,
        rates: rates.map((rate) => ({
          place: rate.place,
          rate: rate.rate,
          shippingTaxed: rate.shippingTaxed ?? false,
          collecting: rate.collecting ?? true,
        })),
      },
    },
  );
}

/** A customer account with a tax-exemption certificate for `state` (approved unless told otherwise). */
export async function insertExemptCustomer(
  db: Kysely<Database>,
  options: {
    state: string;
    status?: "approved" | "pending" | "rejected";
    expiresOn?: string;
    certificateNumber?: string;
    organisationName?: string;
  },
): Promise<{ userId: string; certificateId: string }> {
  const userId = randomUUID();
  const certificateId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("user")
    .values(userRow({ id: userId, email: `${userId}@example.com`, createdAt: now }))
    .execute();
  await db
    .insertInto("tax_exemption_certificates")
    .values({
      id: certificateId,
      user_id: userId,
      customer_email: `${userId}@example.com`,
      organisation_name: options.organisationName ?? "Grace Church",
      organisation_kind: "church",
      state: options.state,
      document_kind: "state_certificate",
      certificate_number: options.certificateNumber ?? "EX-1234",
      expires_on: options.expiresOn ?? "2099-12-31",
      status: options.status ?? "approved",
      file_content_type: "application/pdf",
      file_byte_length: 10,
      submitted_at: now,
    })
    .execute();
  return { userId, certificateId };
}
