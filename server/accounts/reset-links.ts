// Not Pick<AppServices>: services.ts imports this module (through auth.ts), and a type import back would be a cycle.
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

// better-auth 1.7.7 keeps a reset link in `verification`: identifier `reset-password:<token>`,
// value = the user's id.
const RESET_PREFIX = "reset-password:";

/** Voids the account's reset links made before `token`'s: a newer link replaces the older ones. */
export async function voidOlderResetLinks(
  { db }: { db: Kysely<Database> },
  { userId, token }: { userId: string; token: string },
): Promise<void> {
  await db
    .deleteFrom("verification")
    .where("value", "=", userId)
    .where("identifier", "like", `${RESET_PREFIX}%`)
    .where("identifier", "!=", `${RESET_PREFIX}${token}`)
    // At most as old: two links made in the same millisecond void each other's, the later call wins.
    .where("createdAt", "<=", (eb) =>
      eb
        .selectFrom("verification as newest")
        .select("newest.createdAt")
        .where("newest.identifier", "=", `${RESET_PREFIX}${token}`),
    )
    .execute();
}

/** Voids every outstanding reset link of the account (after a reset or a password change). */
export async function voidResetLinks({ db }: { db: Kysely<Database> }, { userId }: { userId: string }): Promise<void> {
  await db
    .deleteFrom("verification")
    .where("value", "=", userId)
    .where("identifier", "like", `${RESET_PREFIX}%`)
    .execute();
}

/** The account a reset link belongs to, while the link is still valid. */
export async function findResetLinkOwner(
  { db, clock }: { db: Kysely<Database>; clock: () => Date },
  { token }: { token: string },
): Promise<{ userId: string; email: string } | null> {
  const row = await db
    .selectFrom("verification")
    .innerJoin("user", "user.id", "verification.value")
    .select(["user.id as userId", "user.email", "verification.expiresAt"])
    .where("verification.identifier", "=", `${RESET_PREFIX}${token}`)
    .executeTakeFirst();
  return row && new Date(row.expiresAt).getTime() > clock().getTime() ? { userId: row.userId, email: row.email } : null;
}
