import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";

/** What was removed: the address, which the admin's toast names. */
export interface DeleteSubscriberResult {
  email: string;
}

/** Removes one address from the newsletter list. Throws NOT_FOUND when it is not (or no longer) there. */
export async function deleteSubscriber(
  { db }: Pick<AppServices, "db">,
  { subscriberId }: { subscriberId: string },
): Promise<DeleteSubscriberResult> {
  const removed =
    typeof subscriberId === "string" && subscriberId !== ""
      ? await db.deleteFrom("email_subscribers").where("id", "=", subscriberId).returning("email").executeTakeFirst()
      : undefined;
  if (!removed) {
    throw new AppError("NOT_FOUND", "This subscriber is no longer on the list.");
  }
  return { email: removed.email };
}
