import { sql } from "kysely";
import { AppError } from "#server/errors/app-error.ts";
import type { NewsletterDeps } from "./newsletter-mail.ts";
import { readSubscriberToken } from "./subscriber-token.ts";

export const INVALID_CONFIRM_LINK =
  "This confirmation link is not valid. Please open the whole link from the e-mail, or subscribe again.";
export const SUBSCRIBER_GONE =
  "This address is no longer on our list. You can subscribe again at the bottom of any page.";

/**
 * Confirms a subscription from the link of the confirmation e-mail: from now on the address gets
 * the newsletter. Confirming twice changes nothing (the first time is kept). Throws VALIDATION for
 * a link we did not sign, NOT_FOUND when the address has since left the list.
 */
export async function confirmSubscription(
  { db, env, clock }: Pick<NewsletterDeps, "db" | "env" | "clock">,
  { token }: { token: unknown },
): Promise<void> {
  const now = clock();
  const subscriberId = readSubscriberToken(env.APP_SECRET, "newsletter-confirm", token);
  if (!subscriberId) throw new AppError("VALIDATION", INVALID_CONFIRM_LINK);
  const result = await db
    .updateTable("email_subscribers")
    .set({ confirmed_at: sql`coalesce(confirmed_at, ${now.toISOString()})` })
    .where("id", "=", subscriberId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("NOT_FOUND", SUBSCRIBER_GONE);
}
