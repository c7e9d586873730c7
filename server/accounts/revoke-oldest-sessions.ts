import type { AppServices } from "#server/services.ts";

/** Live sessions one account may hold; a new sign-in past it ends the oldest. */
export const MAX_LIVE_SESSIONS = 10;

/**
 * Keeps the account's newest `keep` live sessions and deletes the rest (older ones and expired
 * ones): a flood of sign-ins cannot pile up 30-day session rows.
 */
export async function revokeOldestSessions(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { userId, keep = MAX_LIVE_SESSIONS }: { userId: string; keep?: number },
): Promise<void> {
  const now = clock().toISOString();
  await db
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where((eb) =>
      eb.or([
        eb("expiresAt", "<=", now),
        eb(
          "id",
          "not in",
          eb
            .selectFrom("session as newest")
            .select("newest.id")
            .where("newest.userId", "=", userId)
            .where("newest.expiresAt", ">", now)
            .orderBy("newest.createdAt", "desc")
            .orderBy("newest.id", "desc")
            .limit(keep),
        ),
      ]),
    )
    .execute();
}
