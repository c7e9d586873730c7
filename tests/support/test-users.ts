import type { Insertable } from "kysely";
import type { UserTable } from "#server/db/schema.ts";

/**
 * An account's row as better-auth stores it, for the tests and benches that write accounts
 * straight into the database: no name, e-mail not verified, no role (a customer), not banned,
 * updated when created. A caller sets only what its check depends on.
 */
export function userRow(
  user: { id: string; email: string; createdAt: string } & Partial<Insertable<UserTable>>,
): Insertable<UserTable> {
  return {
    name: "",
    emailVerified: false,
    image: null,
    updatedAt: user.createdAt,
    role: null,
    banned: null,
    banReason: null,
    banExpires: null,
    ...user,
  };
}
