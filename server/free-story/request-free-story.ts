import { AppError } from "#server/errors/app-error.ts";
import { queueFreeStoryMail } from "#server/mail/mail-outbox.ts";
import { mailboxKey } from "#server/mail/mailbox-key.ts";
import type { AppServices } from "#server/services.ts";
import { subscribe } from "#server/subscribers/subscribe.ts";
import type { NewsletterDeps } from "#server/subscribers/newsletter-mail.ts";
import { NO_FREE_STORY_MESSAGE } from "#common/free-story/free-story-fields.ts";
import type { FreeStoryRequest } from "#common/free-story/free-story-schema.ts";
import { getFreeStory } from "./get-free-story.ts";

export type RequestFreeStoryDeps = NewsletterDeps & Pick<AppServices, "rateLimits" | "backgroundTasks">;

/**
 * A visitor's "Get a Free Story": queues the story's e-mail to the address (the outbox sends it,
 * with the PDF attached, and retries), and with the box ticked starts the newsletter's double
 * opt-in (server/subscribers/subscribe.ts: a confirmation link, nothing more until it is
 * followed). The answer is the same whatever the address: known or not, subscribed or not, or
 * past its daily cap (`freeStoryPerAddress`, counted per mailbox), when nothing is sent. The
 * newsletter part runs after the answer, so its mail does not make the answer slower for a new
 * address than for a known one. The address comes parsed (freeStoryRequestSchema); the limit
 * per client is the route's. Throws NOT_FOUND when no story is offered.
 */
export async function requestFreeStory(deps: RequestFreeStoryDeps, input: FreeStoryRequest): Promise<void> {
  if (!(await getFreeStory(deps))) throw new AppError("NOT_FOUND", NO_FREE_STORY_MESSAGE);
  const overCap = await deps.rateLimits.freeStoryPerAddress.consume(`email:${mailboxKey(input.email)}`);
  if (overCap === 0) await queueFreeStoryMail(deps.db, { recipient: input.email, now: deps.clock() });
  // Counted, not named: the address stays out of the logs.
  else deps.logger.info("free story not mailed: the address already had its stories for the day");

  if (input.newsletter) {
    deps.backgroundTasks.start(async () => {
      try {
        await subscribe(deps, { email: input.email });
      } catch (error) {
        // Already on the list (or a moment's outage of the list): the story is what was asked for.
        if (!(error instanceof AppError)) throw error;
      }
    }, "newsletter sign-up with a free story failed");
  }
}
