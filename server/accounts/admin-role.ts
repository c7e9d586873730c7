import { sql, type RawBuilder } from "kysely";
import type { SqlBool } from "#server/db/schema.ts";

/** The two roles of better-auth's admin plugin that this shop uses (configured in auth.ts). */
export const ADMIN_ROLE = "admin";
export const CUSTOMER_ROLE = "user";

/**
 * Who is an admin, the one rule used everywhere (the viewer, sign-in, the customer screens, the
 * owner set-up). better-auth's admin plugin allows a comma-separated list of roles
 * ("user,admin") and grants admin rights when "admin" is anywhere in it, so we do the same: such
 * an account is staff, never a customer that could be deleted from the customer screen.
 */
export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((part) => part.trim() === ADMIN_ROLE);
}

/** `isAdminRole` as SQL over the `user.role` column. */
export function isAdminRoleSql(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(',' || replace(coalesce(${sql.ref("user.role")}, ''), ' ', '') || ',') like ${`%,${ADMIN_ROLE},%`}`;
}

/** The same rule as `isAdminRole`, negated, as SQL over the `user.role` column. */
export function isCustomerRoleSql(): RawBuilder<SqlBool> {
  return sql<SqlBool>`(',' || replace(coalesce(${sql.ref("user.role")}, ''), ' ', '') || ',') not like ${`%,${ADMIN_ROLE},%`}`;
}
