import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { AppError } from "#server/errors/app-error.ts";

/** Removes one address from the newsletter list. Throws NOT_FOUND when it is not (or no longer) there. */
export async function deleteSubscriber(db: Kysely<Database>, subscriberId: string): Promise<void> {
  const result =
    typeof subscriberId === "string" && subscriberId !== ""
      ? await db.deleteFrom("email_subscribers").where("id", "=", subscriberId).executeTakeFirst()
      : undefined;
  if (!result || Number(result.numDeletedRows) === 0) {
    throw new AppError("NOT_FOUND", "This subscriber is no longer on the list.");
  }
}
