import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";
import { subscriberEmailSchema } from "./subscriber-schema.ts";

/**
 * Adds an address to the newsletter list. The address is trimmed; letter case does not make a
 * second subscriber (unique index on lower(email)). Throws VALIDATION or CONFLICT.
 */
export async function subscribe(db: Kysely<Database>, rawEmail: unknown, now = new Date()): Promise<void> {
  const parsed = subscriberEmailSchema.safeParse(rawEmail ?? "");
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]!.message);
  try {
    await db
      .insertInto("email_subscribers")
      .values({ id: randomUUID(), email: parsed.data, subscribed_at: now.toISOString() })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "This email address is already on our list.");
    throw error;
  }
}
