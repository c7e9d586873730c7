import type { AppServices } from "#server/services.ts";

export interface DeleteSubscribersResult {
  removed: number;
  /** Chosen but no longer on the list (removed by an earlier try, or an unsubscribe meanwhile). */
  alreadyGone: number;
}

/**
 * Removes several addresses from the newsletter list in one statement. Idempotent: a retried
 * request finds its rows gone and says so instead of failing. The ids are checked by the caller
 * (removeSubscribersSchema in the subscribers action: one to BULK_SUBSCRIBER_LIMIT).
 */
export async function deleteSubscribers(
  { db }: Pick<AppServices, "db">,
  input: { subscriberIds: readonly string[] },
): Promise<DeleteSubscribersResult> {
  const ids = [...new Set(input.subscriberIds)];
  // An empty `in ()` is not SQL: nothing chosen, nothing removed.
  if (ids.length === 0) return { removed: 0, alreadyGone: 0 };
  const deleted = await db.deleteFrom("email_subscribers").where("id", "in", ids).executeTakeFirst();
  const removed = Number(deleted.numDeletedRows);
  return { removed, alreadyGone: ids.length - removed };
}

/** The toast's sentence for a bulk removal. */
export function describeRemoval({ removed, alreadyGone }: DeleteSubscribersResult): string {
  const text = `${removed} ${removed === 1 ? "subscriber" : "subscribers"} removed.`;
  return alreadyGone === 0 ? text : `${text} ${alreadyGone} ${alreadyGone === 1 ? "was" : "were"} already gone.`;
}
