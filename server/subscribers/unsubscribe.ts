import { AppError } from "#server/errors/app-error.ts";
import type { NewsletterDeps } from "./newsletter-mail.ts";
import { readSubscriberToken } from "./subscriber-token.ts";

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Please open the whole link from one of our e-mails.";

/**
 * Takes an address off the newsletter list from the link in any of our e-mails (page button or
 * a mail client's one-click POST). The row is deleted, not marked: we keep no address of someone
 * who asked us to stop writing. Idempotent: the link stays valid after the row is gone (the
 * token is checked without it), so a second click still answers success. Throws VALIDATION for
 * a link we did not sign.
 */
export async function unsubscribe(
  { db, env }: Pick<NewsletterDeps, "db" | "env">,
  { token }: { token: unknown },
): Promise<void> {
  const subscriberId = readSubscriberToken(env.APP_SECRET, "newsletter-unsubscribe", token);
  if (!subscriberId) throw new AppError("VALIDATION", INVALID_UNSUBSCRIBE_LINK);
  await db.deleteFrom("email_subscribers").where("id", "=", subscriberId).execute();
}
