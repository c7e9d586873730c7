import { AppError } from "#server/errors/app-error.ts";
import type { AppServices } from "#server/services.ts";
import { subscriberIdsSchema } from "./subscriber-schema.ts";

export interface DeleteSubscribersResult {
  removed: number;
  /** Chosen but no longer on the list (removed by an earlier try, or an unsubscribe meanwhile). */
  alreadyGone: number;
}

/**
 * Removes several addresses from the newsletter list in one statement. Idempotent: a retried
 * request finds its rows gone and says so instead of failing. Throws VALIDATION when none, or
 * more than BULK_SUBSCRIBER_LIMIT, are chosen.
 */
export async function deleteSubscribers(
  { db }: Pick<AppServices, "db">,
  input: { subscriberIds: unknown },
): Promise<DeleteSubscribersResult> {
  const parsed = subscriberIdsSchema.safeParse(input.subscriberIds);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError("VALIDATION", message, { subscriberIds: message });
  }
  const ids = parsed.data;
  const deleted = await db.deleteFrom("email_subscribers").where("id", "in", ids).executeTakeFirst();
  const removed = Number(deleted.numDeletedRows);
  return { removed, alreadyGone: ids.length - removed };
}

/** The toast's sentence for a bulk removal. */
export function describeRemoval({ removed, alreadyGone }: DeleteSubscribersResult): string {
  const text = `${removed} ${removed === 1 ? "subscriber" : "subscribers"} removed.`;
  return alreadyGone === 0 ? text : `${text} ${alreadyGone} ${alreadyGone === 1 ? "was" : "were"} already gone.`;
}
