import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isUniqueViolation } from "#server/db/database-errors.ts";
import { AppError } from "#server/errors/app-error.ts";
import { getPublicStoreSettings } from "#server/settings/public-settings.ts";
import { newsletterLink, newsletterMail, type NewsletterDeps } from "./newsletter-mail.ts";
import { ALREADY_SUBSCRIBED } from "#common/subscribers/subscribe-answer.ts";
import type { SubscribeInput } from "#common/subscribers/subscriber-schema.ts";

/**
 * Subscribing a still-pending address again re-sends its confirmation e-mail, but at most once
 * in this interval: the form must not become a way to flood someone's mailbox.
 */
export const CONFIRMATION_RESEND_INTERVAL_MS = 10 * 60_000;

export interface SubscribeResult {
  subscriberId: string;
  /** A confirmation e-mail went out with this request (false: not due yet, or the mail failed). */
  confirmationSent: boolean;
}

/**
 * Adds an address to the newsletter list as pending and e-mails it a confirmation link (double
 * opt-in: a page elsewhere cannot sign someone up, only make us ask them). The address comes
 * parsed (subscribeFormSchema: trimmed); letter case does not make a second subscriber (unique
 * index on lower(email)). A pending address
 * subscribed again gets the confirmation again (rate-limited per address); a confirmed one is a
 * CONFLICT. A mail failure keeps the row pending and is only logged: the visitor may try again.
 * Throws CONFLICT.
 */
export async function subscribe(deps: NewsletterDeps, { email }: SubscribeInput): Promise<SubscribeResult> {
  const now = deps.clock();
  const { db } = deps;

  // Twice at most: the existing row may be removed between the failed insert and the look-up.
  for (let attempt = 0; attempt < 2; attempt++) {
    const id = randomUUID();
    try {
      await db
        .insertInto("email_subscribers")
        .values({
          id,
          email,
          subscribed_at: now.toISOString(),
          confirmed_at: null,
          confirmation_sent_at: now.toISOString(),
        })
        .execute();
      return { subscriberId: id, confirmationSent: await sendConfirmation(deps, { id, email }, now) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }

    const existing = await db
      .selectFrom("email_subscribers")
      .select(["id", "email", "confirmed_at"])
      .where(sql<string>`lower(email)`, "=", email.toLowerCase())
      .executeTakeFirst();
    if (!existing) continue;
    if (existing.confirmed_at !== null) {
      throw new AppError("CONFLICT", "This email address is already on our list.", { reason: ALREADY_SUBSCRIBED });
    }
    // Claimed in one statement, so two requests at once send one e-mail between them.
    const claimed = await db
      .updateTable("email_subscribers")
      .set({ confirmation_sent_at: now.toISOString() })
      .where("id", "=", existing.id)
      .where("confirmed_at", "is", null)
      .where((eb) =>
        eb.or([
          eb("confirmation_sent_at", "is", null),
          eb("confirmation_sent_at", "<=", new Date(now.getTime() - CONFIRMATION_RESEND_INTERVAL_MS).toISOString()),
        ]),
      )
      .executeTakeFirst();
    const due = Number(claimed.numUpdatedRows) > 0;
    return {
      subscriberId: existing.id,
      confirmationSent: due ? await sendConfirmation(deps, { id: existing.id, email: existing.email }, now) : false,
    };
  }
  throw new AppError("UNAVAILABLE", "Could not subscribe. Please try again.");
}

/** E-mails the confirmation link; on failure logs a warning and frees the re-send slot. Never throws. */
async function sendConfirmation(
  { db, mailer, logger, env }: NewsletterDeps,
  subscriber: { id: string; email: string },
  sentAt: Date,
): Promise<boolean> {
  try {
    const store = await getPublicStoreSettings({ db });
    await mailer.send(
      newsletterMail(env, store, subscriber, {
        subject: `Please confirm your subscription to ${store.storeName}`,
        blocks: [
          { text: "Hello," },
          {
            text: `Thank you for joining the ${store.storeName} community! Please confirm that you want our newsletter at this address.`,
          },
          { link: { label: "Confirm my subscription", url: newsletterLink(env, "confirm", subscriber.id) } },
          { text: "If you did not ask for it, ignore this e-mail: you will receive nothing more from us." },
        ],
      }),
    );
    return true;
  } catch (error) {
    // The id only: the address (and the link's token) stay out of the logs.
    logger.warn(
      { err: error, subscriberId: subscriber.id },
      "newsletter confirmation e-mail could not be sent; subscriber stays pending",
    );
    try {
      await db
        .updateTable("email_subscribers")
        .set({ confirmation_sent_at: null })
        .where("id", "=", subscriber.id)
        .where("confirmation_sent_at", "=", sentAt.toISOString())
        .execute();
    } catch (resetError) {
      logger.warn({ err: resetError, subscriberId: subscriber.id }, "confirmation re-send slot not freed");
    }
    return false;
  }
}
