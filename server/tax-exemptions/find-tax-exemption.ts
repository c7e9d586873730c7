import { sql } from "kysely";
import type { AppServices } from "#server/services.ts";
import { utcDate } from "#common/tax-exemptions/tax-exemption-terms.ts";

/** An account's exemption from sales tax in one state, as the tax step reads it. */
export interface TaxExemption {
  /** "approved": exempt; "pending": a certificate waits for staff's review (the tax step decides what that means). */
  status: "approved" | "pending";
  certificateId: string;
  certificateNumber: string;
  /** The organisation's name as it was when the certificate was sent. */
  organisationName: string;
  /** `YYYY-MM-DD`: valid through that (UTC) day. */
  expiresOn: string;
}

/**
 * For the tax step (issue 32): the account's exemption in `state` (a USPS code, such as "TX") at
 * `at` (the order's time): an approved certificate valid at `at` (its expiry date, UTC, not before
 * `at`'s day), the one that runs longest; else a pending one valid at `at`; else null (none,
 * rejected, expired, or an unknown state).
 */
export async function findTaxExemption(
  { db }: Pick<AppServices, "db">,
  { userId, state, at }: { userId: string; state: string; at: Date },
): Promise<TaxExemption | null> {
  const row = await db
    .selectFrom("tax_exemption_certificates")
    .select(["id", "status", "certificate_number", "organisation_name", "expires_on"])
    .where("user_id", "=", userId)
    .where("state", "=", state.toUpperCase())
    .where("status", "in", ["approved", "pending"])
    .where("expires_on", ">=", utcDate(at))
    .orderBy(sql`case when status = 'approved' then 0 else 1 end`)
    .orderBy("expires_on", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!row || row.status === "rejected") return null;
  return {
    status: row.status,
    certificateId: row.id,
    certificateNumber: row.certificate_number,
    organisationName: row.organisation_name,
    expiresOn: row.expires_on,
  };
}

/**
 * Whether the account buys for an organisation staff have verified: an approved certificate, in
 * any state, valid at `at`. Such a buyer may hold more stock unpaid (server/checkout/unpaid-holds.ts).
 */
export async function isVerifiedOrganisation(
  { db }: Pick<AppServices, "db">,
  { userId, at }: { userId: string; at: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom("tax_exemption_certificates")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", "approved")
    .where("expires_on", ">=", utcDate(at))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
