import type { Timestamp } from "#server/db/schema.ts";
import { fetchNewestFirst, type Page, type SearchPageRequest } from "#server/db/paging.ts";
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

/**
 * Customer accounts (every user who is not an admin), newest first, one page at a time; `search`
 * is matched case-insensitively against the full name and the e-mail address.
 */
export async function listCustomers(
  { db }: Pick<AppServices, "db">,
  input: SearchPageRequest = {},
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

  return fetchNewestFirst(
    input,
    base,
    (query) => query.select(["user.id", "user.email", "user.createdAt", "profiles.full_name"]),
    { column: "user.createdAt", id: "user.id" },
    (row) => ({
      id: row.id,
      fullName: row.full_name?.trim() ? row.full_name : null,
      email: row.email,
      joinedOn: row.createdAt,
    }),
  );
}
