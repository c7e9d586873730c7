import type { AppServices } from "#server/services.ts";
import type { OrganisationInput } from "#common/tax-exemptions/tax-exemption-schema.ts";
import type { OrganisationKind } from "#common/tax-exemptions/tax-exemption-terms.ts";

/** The organisation an account buys for: a church, school or homeschool co-op, with its US address. */
export interface Organisation {
  name: string;
  kind: OrganisationKind;
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The account's organisation, or null before it said it buys for one. */
export async function getOrganisation(
  { db }: Pick<AppServices, "db">,
  { userId }: { userId: string },
): Promise<Organisation | null> {
  const row = await db.selectFrom("organisations").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    kind: row.kind,
    street: row.street,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
  };
}

/**
 * Saves the signed-in account's organisation, as checked by organisationSchema. Certificates
 * already sent keep the name they were sent with.
 */
export async function saveOrganisation(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { userId, organisation }: { userId: string; organisation: OrganisationInput },
): Promise<Organisation> {
  const values = {
    name: organisation.name,
    kind: organisation.kind,
    street: organisation.street,
    city: organisation.city,
    state: organisation.state,
    postal_code: organisation.postalCode,
    updated_at: clock().toISOString(),
  };
  await db
    .insertInto("organisations")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return organisation;
}
