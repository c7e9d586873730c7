import { isUniqueViolation } from "#server/db/database-errors.ts";
import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";

export interface Profile {
  fullName: string | null;
  username: string | null;
  website: string | null;
}

export async function getProfile({ db }: Pick<AppServices, "db">, { userId }: { userId: string }): Promise<Profile> {
  const row = await db
    .selectFrom("profiles")
    .select(["full_name", "username", "website"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return { fullName: row?.full_name ?? null, username: row?.username ?? null, website: row?.website ?? null };
}

/**
 * Saves the signed-in user's profile, as checked by profileSchema (the route's parseForm); a
 * username someone else uses (any letter case) is refused.
 */
export async function updateProfile(
  { db, clock }: Pick<AppServices, "db" | "clock">,
  { userId, profile }: { userId: string; profile: Profile },
): Promise<Profile> {
  const now = clock();
  const values = {
    full_name: profile.fullName,
    username: profile.username,
    website: profile.website,
    updated_at: now.toISOString(),
  };
  try {
    await db
      .insertInto("profiles")
      .values({ id: userId, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = "That username is already taken. Please choose another one.";
      throw new AppError("CONFLICT", message, { fieldErrors: { username: message } });
    }
    throw error;
  }
  return profile;
}
