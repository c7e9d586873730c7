import type { Kysely } from "kysely";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { formErrors } from "#server/http/form-errors.ts";
import { profileSchema } from "./profile-schema.ts";

export interface Profile {
  fullName: string | null;
  username: string | null;
  website: string | null;
}

export async function getProfile(db: Kysely<Database>, userId: string): Promise<Profile> {
  const row = await db
    .selectFrom("profiles")
    .select(["full_name", "username", "website"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return { fullName: row?.full_name ?? null, username: row?.username ?? null, website: row?.website ?? null };
}

/** Saves the signed-in user's profile; a username someone else uses (any letter case) is refused. */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  input: unknown,
  now = new Date(),
): Promise<Profile> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) {
    const { fieldErrors, message } = formErrors(parsed.error);
    throw new AppError("VALIDATION", message, fieldErrors);
  }
  const values = {
    full_name: parsed.data.fullName,
    username: parsed.data.username,
    website: parsed.data.website,
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
      throw new AppError("CONFLICT", message, { username: message });
    }
    throw error;
  }
  return parsed.data;
}
