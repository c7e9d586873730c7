import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";

/** Removes one address from the newsletter list. Throws NOT_FOUND when it is not (or no longer) there. */
export async function deleteSubscriber(
  { db }: Pick<AppServices, "db">,
  { subscriberId }: { subscriberId: string },
): Promise<void> {
  const result =
    typeof subscriberId === "string" && subscriberId !== ""
      ? await db.deleteFrom("email_subscribers").where("id", "=", subscriberId).executeTakeFirst()
      : undefined;
  if (!result || Number(result.numDeletedRows) === 0) {
    throw new AppError("NOT_FOUND", "This subscriber is no longer on the list.");
  }
}
