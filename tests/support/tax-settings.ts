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
  await insertTaxCertificate(db, {
    ...options,
    id: certificateId,
    userId,
    email: `${userId}@example.com`,
    submittedAt: now,
  });
  return { userId, certificateId };
}

/** A church's state certificate of an account, as sent with the account's form (approved unless told otherwise). */
export async function insertTaxCertificate(
  db: Kysely<Database>,
  certificate: {
    id: string;
    userId: string;
    email: string;
    state: string;
    status?: "approved" | "pending" | "rejected";
    expiresOn?: string;
    certificateNumber?: string;
    organisationName?: string;
    submittedAt?: string;
  },
): Promise<void> {
  await db
    .insertInto("tax_exemption_certificates")
    .values({
      id: certificate.id,
      user_id: certificate.userId,
      customer_email: certificate.email,
      organisation_name: certificate.organisationName ?? "Grace Church",
      organisation_kind: "church",
      state: certificate.state,
      document_kind: "state_certificate",
      certificate_number: certificate.certificateNumber ?? "EX-1234",
      expires_on: certificate.expiresOn ?? "2099-12-31",
      status: certificate.status ?? "approved",
      file_content_type: "application/pdf",
      file_byte_length: 10,
      submitted_at: certificate.submittedAt ?? new Date().toISOString(),
    })
    .execute();
}
