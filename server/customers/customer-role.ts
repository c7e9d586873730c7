import { sql, type RawBuilder } from "kysely";
import type { SqlBool } from "#server/db/schema.ts";

/**
 * Whether a better-auth `user.role` value makes the user an admin. The admin plugin allows a
 * comma-separated list of roles ("user,admin"), so "admin" anywhere in the list counts: such an
 * account is staff, never a customer that could be deleted from the customer screen.
 */
export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((part) => part.trim() === "admin");
}

/** The same rule as `isAdminRole`, negated, as SQL over the `user.role` column. */
export function isCustomerRoleSql(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(',' || replace(coalesce(${sql.ref("user.role")}, ''), ' ', '') || ',') not like '%,admin,%'`;
}
