import type { Timestamp } from "#server/db/schema.ts";
import { countRows, fetchPage, newestFirst, type Page, type PageRequest } from "#server/db/paging.ts";
import { containsIgnoringCase, normalizeSearch } from "#server/db/search-pattern.ts";
import { isCustomerRoleSql } from "#server/accounts/admin-role.ts";
import type { AppServices } from "#server/services.ts";

/** One row of the Customer Management table. */
export interface CustomerListItem {
  id: string;
  /** From the profile; null when the customer has no profile or left the name empty (shown as N/A). */
  fullName: string | null;
  email: string;
  joinedOn: Timestamp;
}

export interface ListCustomersInput extends PageRequest {
  /** Matched case-insensitively against the full name and the e-mail address. */
  search?: string | null;
}

/** Customer accounts (every user who is not an admin), newest first, one page at a time. */
export async function listCustomers(
  { db }: Pick<AppServices, "db">,
  input: ListCustomersInput = {},
): Promise<Page<CustomerListItem>> {
  const search = normalizeSearch(input.search);
  const base = db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.id", "user.id")
    .where(isCustomerRoleSql())
    .$if(search !== null, (qb) =>
      qb.where((eb) =>
        eb.or([containsIgnoringCase("profiles.full_name", search!), containsIgnoringCase("user.email", search!)]),
      ),
    );

  return fetchPage(
    input,
    () => countRows(base),
    async (range) => {
      const rows = await newestFirst(
        base.select(["user.id", "user.email", "user.createdAt", "profiles.full_name"]),
        "user.createdAt",
        "user.id",
        range,
      ).execute();
      return rows.map((row) => ({
        id: row.id,
        fullName: row.full_name?.trim() ? row.full_name : null,
        email: row.email,
        joinedOn: row.createdAt,
      }));
    },
  );
}
